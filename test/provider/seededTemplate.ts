import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ProviderOptions, resolveConfig } from '../../provider/src/config';
import { createContext } from '../../provider/src/context';
import { openData } from '../../provider/src/database';
import { FolderStorage } from '../../provider/src/mediaStorage';
import { seedAcademy, seedDemoData } from '../../provider/src/seed';
import { onPostgres } from './engine';

/*
 * The demo data, seeded once per Jest run (globalSetup) into a template data folder that each
 * provider started on a fresh folder with the default seed begins as a copy of: the provider then
 * finds its migrations applied and its data there, as after a restart, instead of migrating,
 * hashing passwords, reading video durations and copying media again (about a second each time).
 * Without the template (a file run some other way) providers seed as in production.
 */

/** Each engine's template folder (both projects' global set-ups run in Jest's one parent process). */
const templateVariable = (postgres = onPostgres()) => (postgres ? 'PROVIDER_TEST_TEMPLATE_POSTGRES' : 'PROVIDER_TEST_TEMPLATE');

/**
 * Seeds the template folder as `buildProvider` would seed a new data folder (its database the
 * folder's SQLite file, or `databaseUrl`); answers its path.
 */
export async function makeSeededTemplate(databaseUrl?: string): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'provider-template-'));
  const config = resolveConfig({ dataDir, logMail: false, databaseUrl });
  const data = await openData(config.database);
  const context = await createContext(config, data.queries, new FolderStorage(path.join(dataDir, 'media')));
  try {
    await seedAcademy(data.queries);
    await seedDemoData(context);
  } finally {
    await context.media.close();
    await data.close();
  }
  process.env[templateVariable(databaseUrl !== undefined)] = dataDir;
  return dataDir;
}

export function removeSeededTemplate(postgres = false): void {
  const dataDir = process.env[templateVariable(postgres)];
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Whether `options` seed the demo data as the template holds it (no generated courses, the test
 * hash cost, media in the data folder: the template's files are copied there).
 */
export function usesDefaultSeed(options: Partial<ProviderOptions>): boolean {
  const config = resolveConfig({ dataDir: os.tmpdir(), ...options });
  const template = resolveConfig({ dataDir: os.tmpdir() }, { ...process.env, MEDIA_DIR: '', S3_BUCKET: '' });
  return (
    config.demo &&
    config.seedCourses === 0 &&
    config.scryptCost === template.scryptCost &&
    JSON.stringify(config.mediaStorage) === JSON.stringify(template.mediaStorage)
  );
}

/**
 * Copies the template folder into the (new, empty) `dataDir` when there is one (with its SQLite
 * file; on PostgreSQL, its media only, the database being copied apart); false when there is none.
 */
export function copySeededTemplate(dataDir: string): boolean {
  const template = process.env[templateVariable()];
  if (!template || !fs.existsSync(path.join(template, 'media'))) return false;
  fs.cpSync(template, dataDir, { recursive: true });
  return true;
}
