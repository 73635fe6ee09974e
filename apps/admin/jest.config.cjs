const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'admin',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  // The unit tests touch only react-admin's core (fetch utilities, HttpError, i18n types); its UI package is ESM
  // that Jest's CommonJS runtime cannot load.
  moduleNameMapper: { ...preset.moduleNameMapper, '^react-admin$': 'ra-core' },
};
