import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Queries, openData } from '../../provider/src/database';

/**
 * The engine the provider suites run on: SQLite (the data folder's file) by default, PostgreSQL
 * in the `provider-postgres` project (jest.config.ts), on the server its global set-up starts.
 */
export const onPostgres = (): boolean => process.env.PROVIDER_TEST_ENGINE === 'postgres';

/** The test PostgreSQL server's own database (set by globalSetupPostgres.ts). */
const serverVariable = 'PROVIDER_TEST_POSTGRES';
/** The database holding the seeded demo data, which each provider's database starts as a copy of. */
export const templateDatabase = 'provider_template';

export function postgresServer(): string {
  const url = process.env[serverVariable];
  if (!url) throw new Error(`${serverVariable} is not set: run the suite in the provider-postgres project (jest.config.ts).`);
  return url;
}

export function setPostgresServer(url: string): void {
  process.env[serverVariable] = url;
}

/** `url` with another database's name. */
export function databaseUrl(url: string, name: string): string {
  const address = new URL(url);
  address.pathname = `/${name}`;
  return address.toString();
}

/** Runs `statement` on the test server's own database (CREATE DATABASE and DROP DATABASE run outside a transaction). */
export async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresServer() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new database for one provider: a copy of the seeded template, or empty. Answers its URL. */
export async function createTestDatabase(seeded: boolean): Promise<string> {
  // Unique across the run's workers and the test files of each (every file has its own module state).
  const name = `provider_${randomBytes(6).toString('hex')}`;
  // FILE_COPY: a copy of the template's files, several times faster than PostgreSQL 15's default
  // (WAL_LOG, block by block through the log), whose checkpoint costs nothing on the run's server (fsync off).
  await onServer(`CREATE DATABASE ${name}${seeded ? ` TEMPLATE ${templateDatabase}` : ''} STRATEGY FILE_COPY`);
  return databaseUrl(postgresServer(), name);
}

export async function dropTestDatabase(url: string): Promise<void> {
  await onServer(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
}

/** Runs `run` on a database of the provider (to arrange or read what the API does not show), then closes it. */
export async function withQueries<T>(location: Parameters<typeof openData>[0], run: (queries: Queries) => Promise<T>): Promise<T> {
  const data = await openData(location);
  try {
    return await run(data.queries);
  } finally {
    await data.close();
  }
}
