/**
 * `GET /healthz` and `GET /readyz`, for a process supervisor and a load balancer (outside /api and
 * not in api-spec.yaml: the app never calls them, and nginx does not route them from outside).
 *
 * - `/healthz`: 200 `{ alive: true }` while the process runs and its event loop answers.
 * - `/readyz`: 200 when the database answers a query, every migration this build knows is applied
 *   and the data folder's disk (where uploads arrive) has more than `minFreeBytes` free; else 503
 *   naming what is not ready. While the provider stops it answers 503 too (Fastify's own answer
 *   while closing), so a balancer stops sending it work.
 */
import fs from 'node:fs';
import { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type ProviderConfig } from './config';
import { type Queries } from './database';
import { migrations } from './migrations';
import { postgresMigrations } from './postgresMigrations';

export interface Readiness {
  ready: boolean;
  /** Each check: `ok`, or what is wrong. */
  checks: { database: string; migrations: string; disk: string };
  /** With 503: the checks that failed, in a sentence. */
  msg?: string;
}

/** How long the database may take to answer the readiness query. */
const databaseDeadlineMs = 2_000;

export function registerHealthRoutes(app: FastifyInstance, config: ProviderConfig, queries: Queries): void {
  // Polled every few seconds: logged only when something is wrong.
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ alive: true }));
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const readiness = await checkReadiness(config, queries);
    return reply.code(readiness.ready ? 200 : 503).send(readiness);
  });
}

export async function checkReadiness(config: ProviderConfig, queries: Queries): Promise<Readiness> {
  const [database, applied] = await databaseChecks(config, queries);
  const checks = { database, migrations: applied, disk: await diskCheck(config) };
  const failed = Object.entries(checks).filter(([, value]) => value !== 'ok');
  if (failed.length === 0) return { ready: true, checks };
  return { ready: false, checks, msg: `Not ready: ${failed.map(([name, value]) => `${name} (${value})`).join('; ')}.` };
}

async function databaseChecks(config: ProviderConfig, queries: Queries): Promise<[string, string]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      queries.one(sql`SELECT 1 AS one`),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${databaseDeadlineMs} ms`)), databaseDeadlineMs);
      }),
    ]);
  } catch (error) {
    return [`does not answer: ${reasonOf(error)}`, 'unknown'];
  } finally {
    clearTimeout(timer);
  }
  const known = (config.database.engine === 'postgres' ? postgresMigrations : migrations).map((migration) => migration.version);
  try {
    const rows = await queries.all(sql<{ version: number }>`SELECT version FROM schema_migrations`);
    const applied = new Set(rows.map((row) => Number(row.version)));
    const missing = known.filter((version) => !applied.has(version));
    return ['ok', missing.length === 0 ? 'ok' : `not applied: ${missing.join(', ')}`];
  } catch (error) {
    return ['ok', `cannot be read: ${reasonOf(error)}`];
  }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function diskCheck(config: ProviderConfig): Promise<string> {
  try {
    const stats = await fs.promises.statfs(config.dataDir);
    const free = stats.bavail * stats.bsize;
    return free > config.minFreeBytes ? 'ok' : `${free} bytes free in ${config.dataDir}, at most ${config.minFreeBytes}`;
  } catch (error) {
    return `cannot read the free space: ${reasonOf(error)}`;
  }
}
