/** What the test harness (`libs/testing`, package @evreg/testing) needs of the API: build the app as production
 * does, read a configuration, migrate and seed a template database, and the few internals the browser tests
 * use (the configuration token, the cancellation link's token). One entry, so the harness never reaches into
 * the API's folders. Not used by the API itself. */
export { loadConfig, type AppConfig } from './config/app-config';
export { APP_CONFIG } from './config/config.module';
export { createHttpApp, type RunningApp } from './create-app';
export { dataSourceOptions, migrate } from './database/data-source';
export { seedBase } from './database/seeds/seed-base';
export { cancellationToken } from './modules/registrations/cancel-token';
