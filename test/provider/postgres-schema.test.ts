/**
 * The provider's schema on PostgreSQL (postgresMigrations.ts) against the one SQLite's migrations
 * build (migrations.ts), on a real PostgreSQL server this suite starts (scripts/postgres.ts): the
 * same tables, columns, keys, indexes and triggers, the triggers with the same effects, and the
 * migrations applied once when several instances start together.
 */
import type Database from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { openDatabase } from '../../provider/src/db';
import { databaseLocation, openPostgres } from '../../provider/src/database';
import { postgresMigrations } from '../../provider/src/postgresMigrations';
import { freePort } from '../../scripts/localProvider';
import { type LocalPostgres, startLocalPostgres } from '../../scripts/postgres';

jest.setTimeout(60_000);

interface Column {
  name: string;
  type: string;
  notNull: boolean;
  default: string | null;
}

interface Schema {
  columns: Record<string, Column[]>;
  /** Per table, each set of columns that is unique (a primary key, a UNIQUE constraint or a unique index on plain columns). */
  unique: Record<string, string[]>;
  foreignKeys: Record<string, string[]>;
  indexes: string[];
  triggers: string[];
}

const sqliteTypes: Record<string, string> = { INTEGER: 'integer', TEXT: 'text', REAL: 'double precision' };
const internalSqliteTables = new Set(['sqlite_sequence']);

/** A default as written, without PostgreSQL's casts: `''::text` and `''` are the same default. */
function plainDefault(value: string | null): string | null {
  return value === null ? null : value.replace(/::[a-z ]+$/, '');
}

function sqliteSchema(db: Database.Database): Schema {
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]).filter((name) => !internalSqliteTables.has(name)).sort();
  const schema: Schema = { columns: {}, unique: {}, foreignKeys: {}, indexes: [], triggers: [] };
  for (const table of tables) {
    const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string; type: string; notnull: number; pk: number; dflt_value: string | null }[];
    schema.columns[table] = columns
      .map((column) => ({ name: column.name, type: sqliteTypes[column.type] ?? column.type, notNull: column.notnull === 1 || column.pk > 0, default: column.dflt_value }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const primaryKey = columns.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk).map((column) => column.name);
    const uniqueIndexes = (db.prepare(`PRAGMA index_list(${table})`).all() as { name: string; unique: number; partial: number }[])
      .filter((index) => index.unique === 1 && index.partial === 0)
      .map((index) => (db.prepare(`PRAGMA index_info(${index.name})`).all() as { name: string | null }[]).map((column) => column.name))
      .filter((names) => names.every((name) => name !== null)) as string[][];
    // A TEXT primary key has its own unique index besides: one set.
    schema.unique[table] = [...new Set([primaryKey, ...uniqueIndexes].filter((names) => names.length > 0).map((names) => names.join(', ')))].sort();
    schema.foreignKeys[table] = (db.prepare(`PRAGMA foreign_key_list(${table})`).all() as { from: string; table: string; to: string | null; on_delete: string }[])
      .map((key) => `${key.from} -> ${key.table}.${key.to ?? 'id'} on delete ${key.on_delete.toLowerCase()}`)
      .sort();
  }
  schema.indexes = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").pluck().all() as string[]).sort();
  schema.triggers = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").pluck().all() as string[]).sort();
  return schema;
}

async function postgresSchema(db: Kysely<unknown>): Promise<Schema> {
  const rows = async <T,>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows;
  const columns = await rows<{ table_name: string; column_name: string; data_type: string; udt_name: string; is_nullable: string; column_default: string | null }>(
    sql`SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  const schema: Schema = { columns: {}, unique: {}, foreignKeys: {}, indexes: [], triggers: [] };
  for (const column of columns) {
    (schema.columns[column.table_name] ??= []).push({
      name: column.column_name,
      // CITEXT is TEXT compared without case, as SQLite's NOCASE columns are.
      type: column.udt_name === 'citext' ? 'text' : column.data_type,
      notNull: column.is_nullable === 'NO',
      default: plainDefault(column.column_default),
    });
  }
  for (const list of Object.values(schema.columns)) list.sort((a, b) => a.name.localeCompare(b.name));
  const uniqueSets = await rows<{ table_name: string; columns: string }>(sql`
    SELECT t.relname AS table_name, string_agg(a.attname, ', ' ORDER BY k.ordinality) AS columns
    FROM pg_index i
    JOIN pg_class t ON t.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
    CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ordinality)
    LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
    WHERE i.indisunique AND i.indpred IS NULL AND i.indexprs IS NULL
    GROUP BY i.indexrelid, t.relname`);
  for (const table of Object.keys(schema.columns)) schema.unique[table] = uniqueSets.filter((set) => set.table_name === table).map((set) => set.columns).sort();
  const keys = await rows<{ table_name: string; column_name: string; foreign_table: string; foreign_column: string; delete_rule: string }>(sql`
    SELECT kcu.table_name, kcu.column_name, ccu.table_name AS foreign_table, ccu.column_name AS foreign_column, rc.delete_rule
    FROM information_schema.referential_constraints rc
    JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name AND kcu.constraint_schema = 'public'
    JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = rc.unique_constraint_name AND ccu.constraint_schema = 'public'`);
  for (const table of Object.keys(schema.columns)) {
    schema.foreignKeys[table] = keys
      .filter((key) => key.table_name === table)
      .map((key) => `${key.column_name} -> ${key.foreign_table}.${key.foreign_column} on delete ${key.delete_rule.toLowerCase()}`)
      .sort();
  }
  // Explicit indexes only: those behind a PRIMARY KEY or UNIQUE constraint are SQLite's autoindexes.
  schema.indexes = (
    await rows<{ indexname: string }>(sql`
      SELECT indexname FROM pg_indexes
      WHERE schemaname = 'public' AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE contype IN ('p', 'u'))`)
  )
    .map((row) => row.indexname)
    .sort();
  schema.triggers = (await rows<{ tgname: string }>(sql`SELECT tgname FROM pg_trigger WHERE NOT tgisinternal`))
    .map((row) => row.tgname)
    // PostgreSQL's own: numbers catalogue changes in commit order, which SQLite's one writer does anyway.
    .filter((name) => name !== 'catalogue_changes_in_commit_order')
    .sort();
  return schema;
}

/** The same statements on either engine, then what the triggers wrote. */
async function exerciseTriggers(db: Kysely<unknown>): Promise<{ changes: (number | null)[]; names: string[] }> {
  const at = '2026-11-29T10:00:00.000Z';
  await sql`INSERT INTO categories (id, title) VALUES (1, 'Yoruba'), (2, 'French')`.execute(db);
  await sql`INSERT INTO teachers (id, full_name, email, password_hash, created_at) VALUES (1, 'Amara', 'amara@example.org', 'x', ${at})`.execute(db);
  await sql`INSERT INTO students (id, full_name, email, password_hash, created_at) VALUES (1, 'Maria', 'maria@example.org', 'x', ${at})`.execute(db);
  await sql`INSERT INTO courses (id, category_id, teacher_id, title, created_at) VALUES (10, 1, 1, 'Greetings', ${at}), (11, 2, 1, 'Bonjour', ${at})`.execute(db);
  await sql`INSERT INTO chapters (course_id, title, created_at) VALUES (10, 'One', ${at})`.execute(db);
  await sql`UPDATE chapters SET course_id = 11`.execute(db);
  await sql`INSERT INTO enrollments (course_id, student_id, enrolled_at) VALUES (11, 1, ${at})`.execute(db);
  await sql`INSERT INTO ratings (course_id, student_id, rating, rated_at) VALUES (11, 1, 5, ${at})`.execute(db);
  await sql`UPDATE categories SET title = 'Yorùbá' WHERE id = 1`.execute(db);
  await sql`UPDATE teachers SET mobile_no = '123'`.execute(db);
  await sql`UPDATE teachers SET full_name = 'Amara O.'`.execute(db);
  await sql`UPDATE students SET verified = 1`.execute(db);
  await sql`UPDATE students SET full_name = 'Maria S.'`.execute(db);
  await sql`DELETE FROM courses WHERE id = 10`.execute(db);
  const changes = (await sql<{ course_id: number | null }>`SELECT course_id FROM catalogue_changes ORDER BY seq`.execute(db)).rows.map((row) => row.course_id);
  const names = (await sql<{ full_name: string }>`SELECT full_name FROM student_names ORDER BY id`.execute(db)).rows.map((row) => row.full_name);
  return { changes, names };
}

describe('the schema on PostgreSQL', () => {
  let postgres: LocalPostgres;
  beforeAll(async () => {
    postgres = await startLocalPostgres({ port: await freePort(), throwaway: true });
  });
  afterAll(() => postgres?.stop());

  it("has SQLite's tables, columns, defaults, keys, indexes and triggers", async () => {
    const { kysely } = await openPostgres(await postgres.createDatabase('schema_compared'));
    try {
      const sqlite = openDatabase(':memory:').db;
      expect(await postgresSchema(kysely)).toEqual(sqliteSchema(sqlite));
      sqlite.close();
    } finally {
      await kysely.destroy();
    }
  });

  it('runs the triggers to the same effect as SQLite', async () => {
    const { kysely } = await openPostgres(await postgres.createDatabase('triggers_compared'));
    const sqlite = new Kysely<unknown>({ dialect: new SqliteDialect({ database: openDatabase(':memory:').db }) });
    try {
      const onSqlite = await exerciseTriggers(sqlite);
      expect(onSqlite.changes).toEqual(expect.arrayContaining([10, 11]));
      expect(onSqlite.names).toEqual(['Maria', 'Maria S.']);
      expect(await exerciseTriggers(kysely)).toEqual(onSqlite);
    } finally {
      await kysely.destroy();
      await sqlite.destroy();
    }
  });

  it('compares e-mail addresses without case, as SQLite does', async () => {
    const { kysely } = await openPostgres(await postgres.createDatabase('emails_compared'));
    try {
      await sql`INSERT INTO students (full_name, email, password_hash, created_at) VALUES ('Maria', 'Maria@Example.org', 'x', '2026-11-29T10:00:00.000Z')`.execute(kysely);
      const found = await sql<{ id: number }>`SELECT id FROM students WHERE email = ${'maria@example.ORG'}`.execute(kysely);
      expect(found.rows).toHaveLength(1);
      await expect(
        sql`INSERT INTO students (full_name, email, password_hash, created_at) VALUES ('Other', 'MARIA@example.org', 'x', '2026-11-29T10:00:00.000Z')`.execute(kysely),
      ).rejects.toThrow(/unique/i);
    } finally {
      await kysely.destroy();
    }
  });

  it('is migrated once when four instances start on a new database at the same time', async () => {
    const url = await postgres.createDatabase('started_together');
    const opened = await Promise.all(Array.from({ length: 4 }, () => openPostgres(url)));
    try {
      expect(opened.filter((instance) => instance.created)).toHaveLength(1);
      const applied = await sql<{ version: number }>`SELECT version FROM schema_migrations ORDER BY version`.execute(opened[0]!.kysely);
      expect(applied.rows).toEqual(postgresMigrations.map(({ version }) => ({ version })));
    } finally {
      await Promise.all(opened.map((instance) => instance.kysely.destroy()));
    }
  });
});

describe('DATABASE_URL', () => {
  it('chooses SQLite in the data folder when unset, a file with sqlite:, PostgreSQL with postgres://', () => {
    expect(databaseLocation(undefined, '/data/provider.sqlite')).toEqual({ engine: 'sqlite', file: '/data/provider.sqlite' });
    expect(databaseLocation(' ', '/data/provider.sqlite')).toEqual({ engine: 'sqlite', file: '/data/provider.sqlite' });
    expect(databaseLocation('sqlite:/srv/academy.sqlite', '/data/provider.sqlite')).toEqual({ engine: 'sqlite', file: '/srv/academy.sqlite' });
    expect(databaseLocation('postgres://academy@db:5432/academy', '/x')).toEqual({ engine: 'postgres', url: 'postgres://academy@db:5432/academy' });
    expect(databaseLocation('postgresql://db/academy', '/x')).toEqual({ engine: 'postgres', url: 'postgresql://db/academy' });
  });

  it('refuses anything else, naming the setting without the password', () => {
    expect(() => databaseLocation('mysql://root:secret@db/academy', '/x')).toThrow(/^DATABASE_URL must be .*mysql:\/\/…@db\/academy/);
    expect(() => databaseLocation('mysql://root:secret@db/academy', '/x')).not.toThrow(/secret/);
  });
});
