import { freePort } from '../../scripts/localProvider';
import { type LocalPostgres, startLocalPostgres } from '../../scripts/postgres';
import { databaseUrl, onServer, setPostgresServer, templateDatabase } from './engine';
import { makeSeededTemplate } from './seededTemplate';

/** The run's server, for the global teardown (which runs in the same process: globalThis is shared, modules may not be). */
export const runningPostgres = globalThis as { providerTestPostgres?: LocalPostgres };

/**
 * The provider-postgres project's set-up: starts the run's PostgreSQL server (throwaway: no
 * durability) and seeds the demo data into its template database, which each provider's database
 * is then created from (engine.ts).
 */
export default async function globalSetupPostgres(): Promise<void> {
  const postgres = await startLocalPostgres({ port: await freePort(), throwaway: true });
  runningPostgres.providerTestPostgres = postgres;
  setPostgresServer(postgres.url);
  await onServer(`CREATE DATABASE ${templateDatabase}`);
  await makeSeededTemplate(databaseUrl(postgres.url, templateDatabase));
}
