/** Jest runs TypeScript through SWC (decorator metadata on) and needs --no-node-snapshot for isolated-vm. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const moduleNameMapper = {
  '^@myko/(registry|mcp|filter|access|options|sandbox|dispatch|gateways|state|nest|openapi|admin)$':
    '<rootDir>/libs/$1/src',
  '^@myko/plugins$': '<rootDir>/plugins',
};
const common = {
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper,
  // Stops what a file started and did not stop (a failed beforeAll), so the suite exits on its own.
  testEnvironment: '<rootDir>/test/support/releasing.environment.js',
};

module.exports = {
  // Hooks and tests that set no timeout of their own get 60 s, not Jest's 5 s: servers start slowly on a loaded
  // 2-core CI machine. A global option: inside `projects` Jest ignores it (a 6 s hook failed at 5 s there).
  testTimeout: 60_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      roots: ['<rootDir>/libs', '<rootDir>/plugins', '<rootDir>/src', '<rootDir>/test/fixtures'],
      testMatch: ['**/*.spec.ts'],
    },
    { ...common, displayName: 'e2e', roots: ['<rootDir>/test'], testMatch: ['**/*.e2e-spec.ts'] },
  ],
};
