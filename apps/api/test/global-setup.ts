// The run's template database, made by the shared harness (libs/testing).
export { globalSetup as default } from '@evreg/testing';
