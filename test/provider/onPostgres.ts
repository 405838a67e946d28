// The provider-postgres project's suites: every provider they start runs on PostgreSQL (engine.ts).
process.env.PROVIDER_TEST_ENGINE = 'postgres';
