export { globalTeardown as default } from '@evreg/testing';
