/**
 * Where the provider's data lives, and the connection to it through Kysely (a typed query layer
 * with one API over both engines): SQLite in a file under the data folder (better-sqlite3, the
 * default: nothing to run beside the provider), or PostgreSQL (`pg`) when `DATABASE_URL` is a
 * `postgres://` URL, for several provider instances on one database. Each engine's schema is
 * built by its own list of migrations (migrations.ts, postgresMigrations.ts), applied once however
 * many instances start at the same time: under a transaction that takes SQLite's write lock first
 * (db.ts), under an advisory lock on PostgreSQL.
 */
import { Kysely, PostgresDialect, type RawBuilder, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { now, openDatabase } from './db';
import { type Migration } from './migrations';
import { postgresMigrations } from './postgresMigrations';

export type DatabaseLocation = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };

/**
 * DATABASE_URL as a location: unset or empty, `defaultFile`; `sqlite:<file>` (or `sqlite://<file>`),
 * that file; `postgres://…` or `postgresql://…`, that database. Anything else is refused, naming
 * the setting.
 */
export function databaseLocation(url: string | undefined, defaultFile: string): DatabaseLocation {
  const value = url?.trim() ?? '';
  if (value === '') return { engine: 'sqlite', file: defaultFile };
  if (/^postgres(ql)?:\/\//.test(value)) return { engine: 'postgres', url: value };
  const file = /^sqlite:(?:\/\/)?(.+)$/.exec(value)?.[1];
  if (file) return { engine: 'sqlite', file };
  throw new Error(`DATABASE_URL must be sqlite:<file> or a postgres:// URL, not "${value.replace(/\/\/[^@/]*@/, '//…@')}".`);
}

/**
 * PostgreSQL's 64-bit integers (what COUNT(*) answers) and decimals (what AVG and SUM of integers
 * answer) as numbers, as SQLite answers them: the provider's counts and averages fit.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** The advisory lock the instances take turns at while they migrate (any constant of this app's own). */
const migrationLock = 0x61636164; // "acad"

export interface OpenedPostgres {
  kysely: Kysely<unknown>;
  /** True when no migration had been applied before: the database is brand new. */
  created: boolean;
}

/** Connects to PostgreSQL at `url` and brings its schema up to date; `close` with `kysely.destroy()`. */
export async function openPostgres(url: string, migrations: Migration[] = postgresMigrations): Promise<OpenedPostgres> {
  const kysely = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 10 }) }) });
  try {
    const created = await kysely.connection().execute(async (connection) => {
      await sql`SELECT pg_advisory_lock(${migrationLock})`.execute(connection);
      try {
        await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`.execute(connection);
        const { rows } = await sql<{ version: number }>`SELECT version FROM schema_migrations`.execute(connection);
        const applied = new Set(rows.map((row) => row.version));
        for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
          if (applied.has(migration.version)) continue;
          await connection.transaction().execute(async (transaction) => {
            await sql.raw(migration.sql).execute(transaction);
            await sql`INSERT INTO schema_migrations (version, name, applied_at) VALUES (${migration.version}, ${migration.name}, ${now()})`.execute(transaction);
          });
        }
        return applied.size === 0;
      } finally {
        await sql`SELECT pg_advisory_unlock(${migrationLock})`.execute(connection);
      }
    });
    return { kysely, created };
  } catch (error) {
    await kysely.destroy();
    throw error;
  }
}

/**
 * The provider's queries: SQL written with Kysely's `sql` tag (its values become parameters on
 * either engine), run here. A transaction hands its own `Queries` to the work it does: everything
 * in it goes through that one, never the outer one.
 *
 *     const favorite = await queries.one(sql<FavoriteCourseRow>`SELECT * FROM favorite_courses WHERE id = ${id}`);
 */
export class Queries {
  constructor(private readonly executor: Kysely<unknown>) {}

  /** Every row the query answers. */
  async all<Row>(query: RawBuilder<Row>): Promise<Row[]> {
    return (await query.execute(this.executor)).rows;
  }

  /** The first row the query answers, if any. */
  async one<Row>(query: RawBuilder<Row>): Promise<Row | undefined> {
    return (await query.execute(this.executor)).rows[0];
  }

  /** Runs a statement; answers how many rows it changed. */
  async run(query: RawBuilder<unknown>): Promise<number> {
    return Number((await query.execute(this.executor)).numAffectedRows ?? 0);
  }

  /**
   * Runs `work` in a transaction: committed when it resolves, rolled back when it throws. With
   * `snapshot`, every read of it sees the database as of one moment (PostgreSQL's repeatable read;
   * a SQLite transaction always does).
   */
  transaction<T>(work: (queries: Queries) => Promise<T>, { snapshot = false } = {}): Promise<T> {
    const transaction = this.executor.transaction();
    return (snapshot ? transaction.setIsolationLevel('repeatable read') : transaction).execute((executor) => work(new Queries(executor)));
  }
}

/** The provider's database, open and migrated. */
export interface OpenedData {
  queries: Queries;
  /** True when no migration had been applied before: the database is brand new. */
  created: boolean;
  close(): Promise<void>;
}

/** Opens the database at `location` (migrating it first), SQLite or PostgreSQL. */
export async function openData(location: DatabaseLocation): Promise<OpenedData> {
  if (location.engine === 'postgres') {
    const { kysely, created } = await openPostgres(location.url);
    return { queries: new Queries(kysely), created, close: () => kysely.destroy() };
  }
  const { db, created } = openDatabase(location.file);
  const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database: db }) });
  // Destroying Kysely's SQLite driver closes the connection.
  return { queries: new Queries(kysely), created, close: () => kysely.destroy() };
}

/** Empties the PostgreSQL database at `url`: every table, function and extension of its schema (a reset, a restore). */
export async function emptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  } finally {
    await client.end();
  }
}
