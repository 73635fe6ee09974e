export { default } from '../../api/test/global-teardown';
