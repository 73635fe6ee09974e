// Shared Jest set-up: @swc/jest compiles TypeScript (with decorator metadata for Nest) to CommonJS, and also
// transforms the ESM-only NestJS 12 packages so Jest's CommonJS runtime can load them.
const path = require('node:path');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j|mj)sx?$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|file-type|strtok3|token-types|uint8array-extras|@tokenizer|content-disposition)/)',
  ],
  moduleNameMapper: {
    '^@evreg/contracts$': path.join(__dirname, 'libs/contracts/src/index.ts'),
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};
