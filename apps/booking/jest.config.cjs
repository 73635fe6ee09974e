module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'booking',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  setupFiles: ['<rootDir>/src/test-setup.ts'],
};
