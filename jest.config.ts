import type { Config } from 'jest';

const swcTransform: Config['transform'] = {
  '^.+\\.(t|j|mj)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

/** Where `@/` and `@test/` lead, and the stubs the app's imports of media files take. */
const appModules: Config['moduleNameMapper'] = {
  '\\.(svg|png|jpe?g|webp|gif|mp4|webm)(\\?inline)?$': '<rootDir>/test/stubs/fileStub.ts',
  // MUI's own relative import of its autosizing textarea (see the stub).
  '^\\.\\./TextareaAutosize(/index\\.js)?$': '<rootDir>/test/stubs/TextareaAutosize.tsx',
  // The browser's tus-js-client (XMLHttpRequest, which msw answers), as webpack picks it by the package's `browser` field.
  '^tus-js-client$': '<rootDir>/node_modules/tus-js-client/lib.es5/browser/index.js',
  '^@/(.*)$': '<rootDir>/src/$1',
  '^@test/(.*)$': '<rootDir>/test/$1',
};

/** msw's own dependencies ship as ES modules only. */
const transformIgnorePatterns = ['/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise)/)'];

const config: Config = {
  // Jest's default is one worker less than the cores: on a 2-core machine, every suite in band.
  maxWorkers: '100%',
  projects: [
    {
      displayName: 'app',
      testEnvironment: '<rootDir>/test/jsdomEnvironment.cjs',
      testEnvironmentOptions: { url: 'http://localhost/' },
      testMatch: ['<rootDir>/test/app/**/*.test.ts?(x)'],
      testPathIgnorePatterns: ['\\.node\\.test\\.ts$'],
      setupFiles: ['<rootDir>/test/setupGlobals.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/setupTests.ts'],
      moduleNameMapper: appModules,
      transform: swcTransform,
      transformIgnorePatterns,
    },
    {
      // The app's suites that need no DOM (pure functions, the API layer, the store): `*.node.test.ts`
      // beside their siblings under test/app, with the same mocked provider over Node's fetch.
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/app/**/*.node.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/setupNodeTests.ts'],
      moduleNameMapper: appModules,
      transform: swcTransform,
      transformIgnorePatterns,
    },
    {
      displayName: 'provider',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/provider/**/*.test.ts'],
      // The demo data seeded once per run, copied by each provider the suites start (seededTemplate.ts).
      globalSetup: '<rootDir>/test/provider/globalSetup.ts',
      globalTeardown: '<rootDir>/test/provider/globalTeardown.ts',
      transform: swcTransform,
      // ESM-only `cookie` (imported dynamically by @fastify/cookie, and by light-my-request behind `app.inject()`), compiled to CommonJS.
      transformIgnorePatterns: ['/node_modules/(?!(cookie|@fastify/cookie|@tus|srvx)/)'],
    },
    {
      // The provider's HTTP suites that exercise its SQL again, each provider on a PostgreSQL database of its own
      // (test/provider/engine.ts); not those about one engine (SQLite's backup, the schemas compared), about
      // HTTP, media and throttles in memory (no SQL of their own), about the dist server, or about refusals
      // decided before any SQL of their own (security, blank names, registration refusals, the free enrolment's
      // and the academy extensions' checks: their reads and writes run on PostgreSQL in contract and checkout).
      displayName: 'provider-postgres',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/provider/**/*.test.ts'],
      testPathIgnorePatterns: [
        '/(postgres-schema|bench-load|hardening|lockout|compression|captions|media|media-store|upload-disk|compiled-start)\\.test\\.ts$',
        '/(security|blank-names|registration-refusals|enrolment|academy)\\.test\\.ts$',
        '/serve-dist[^/]*\\.test\\.ts$',
      ],
      setupFiles: ['<rootDir>/test/provider/onPostgres.ts'],
      globalSetup: '<rootDir>/test/provider/globalSetupPostgres.ts',
      globalTeardown: '<rootDir>/test/provider/globalTeardownPostgres.ts',
      transform: swcTransform,
      transformIgnorePatterns: ['/node_modules/(?!(cookie|@fastify/cookie|@tus|srvx)/)'],
    },
    {
      displayName: 'lint',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/lint/**/*.test.ts'],
      transform: swcTransform,
    },
  ],
};

export default config;
