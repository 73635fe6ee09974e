/** The test harness of the API and browser tests: the API started in-process on a database of its own (TestApp),
 * the run's template database (globalSetup / globalTeardown), throwaway PostgreSQL and Redis servers for fault
 * tests, an SMTP server, a Netelip stand-in and a webhook receiver, and data factories. docs/architecture.md, "Tests". */
export * from './big-session';
export * from './booking-fixtures';
export * from './log-capture';
export { default as globalSetup } from './global-setup';
export { default as globalTeardown } from './global-teardown';
export * from './netelip-stub';
export * from './smtp-capture';
export * from './test-app';
export * from './test-env';
export * from './throwaway-services';
export * from './webhook-receiver';
