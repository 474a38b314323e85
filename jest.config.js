// jest with @swc/jest over ESM TypeScript. Each test file gets its own database
// (test/helpers/database.ts), so files run in parallel.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

export default {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/test/**/*.test.tsx'],
  testTimeout: 60_000,
  // One worker per core. On the 2-core CI machine (2026-11-28, clean clone, bash .ci/run) jest took 1,566 s with
  // one worker ('50%') and 1,254 s with two, all passing: the suites wait on PostgreSQL, Redis and Chromium too.
  maxWorkers: process.env.JEST_MAX_WORKERS ?? '100%',
  // A worker that ran many files holds what their modules cached (term indexes, dictionaries,
  // tokenisers) until it is replaced: past this after a file, it is replaced (one ran out of a
  // 4 GB heap before).
  workerIdleMemoryLimit: '1GB',
  reporters: ['default', '<rootDir>/test/summary-reporter.cjs'],
};
