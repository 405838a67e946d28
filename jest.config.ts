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

const config: Config = {
  projects: [
    {
      displayName: 'app',
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { url: 'http://localhost/' },
      testMatch: ['<rootDir>/test/app/**/*.test.ts?(x)'],
      setupFiles: ['<rootDir>/test/setupGlobals.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/setupTests.ts'],
      moduleNameMapper: {
        '\\.(svg|png|jpe?g|webp|gif|mp4|webm)$': '<rootDir>/test/fileStub.ts',
        '^@/(.*)$': '<rootDir>/src/$1',
        '^@test/(.*)$': '<rootDir>/test/$1',
      },
      transform: swcTransform,
      transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise)/)'],
    },
    {
      displayName: 'provider',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/provider/**/*.test.ts'],
      transform: swcTransform,
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
