import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type Migration, migrations as allMigrations } from './migrations';

export type Db = Database.Database;

export interface OpenedDatabase {
  db: Db;
  /** True when no migration had been applied before: the database is brand new. */
  created: boolean;
}

export function openDatabase(file: string, migrations: Migration[] = allMigrations): OpenedDatabase {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // better-sqlite3 builds default WAL databases to synchronous=NORMAL, which may lose the last
  // commits (a payment, a password change) on a power cut; FULL syncs the WAL at every commit.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Unicode-aware lower case for searches (SQLite's LIKE folds ASCII only).
  db.function('casefold', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  const created = migrate(db, migrations) === 'fresh';
  return { db, created };
}

/**
 * Applies the migrations not applied yet, in one transaction that takes the write lock first
 * (`BEGIN IMMEDIATE`): instances starting at the same time on one file take turns, and each
 * finds what the one before applied.
 */
function migrate(db: Db, migrations: Migration[]): 'fresh' | 'existing' {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  return db
    .transaction(() => {
      const applied = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
      for (const migration of ordered) {
        if (applied.has(migration.version)) continue;
        db.exec(migration.sql);
        record.run(migration.version, migration.name, now());
      }
      return applied.size === 0 ? ('fresh' as const) : ('existing' as const);
    })
    .immediate();
}

export function now(): string {
  return new Date().toISOString();
}

export function isoAfter(milliseconds: number): string {
  return new Date(Date.now() + milliseconds).toISOString();
}
