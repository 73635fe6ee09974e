// Browser tests: the built booking app served by the real API (PostgreSQL + Redis), driven in Debian's Chromium
// through playwright-core. Same compilation as the API's tests (root preset), and the API's global set-up that
// migrates one template database per run (each test file clones it through TestApp).
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  // Each browser step waits up to 30 s (2 shared cores); a whole test gets a few of those.
  testTimeout: 120_000,
  slowTestThreshold: 30,
  // Every test's name in the log, in Spanish like the screens it checks.
  verbose: true,
};
