/**
 * `npm run provider:backup -- <folder>` and `provider:restore`: a consistent copy of the database
 * and the media taken while the provider runs and writes, put back into a fresh data folder (and,
 * on PostgreSQL, a fresh database); and SQLite's online copy on its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { backUp, backUpDatabase, restore } from '../../provider/src/backup';
import { resolveConfig } from '../../provider/src/config';
import { createTestDatabase, dropTestDatabase, onPostgres } from './engine';
import { type Client, type RunningProvider, makeDataDir, startDemoProvider, startProvider } from './support';

describe('backing up the provider', () => {
  let provider: RunningProvider;
  let maria: Client;
  let folder: string;
  beforeAll(async () => {
    ({ provider, maria } = await startDemoProvider());
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'provider-backup-'));
  });
  afterAll(async () => {
    await provider.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const configOf = (dataDir: string, databaseUrl?: string) => resolveConfig({ dataDir, databaseUrl, logMail: false });
  const providerConfig = () => configOf(provider.dataDir, provider.database.engine === 'postgres' ? provider.database.url : undefined);

  it('copies the database and the media while the provider runs, and puts them back into a fresh place', async () => {
    const id = await maria.loginStudent();
    const { body: student } = await maria.get<{ email: string; username: string }>(`/api/student/${id}`);
    const renamed = await maria.put(`/api/student/${id}/`, { form: { full_name: 'Maria Backed-Up', email: student.email, username: student.username } });
    expect(renamed.status).toBe(200);
    const { body: courses } = await maria.get<{ featured_img: string }[]>('/api/course/');
    const image = courses[0]!.featured_img;

    const backup = path.join(folder, 'nightly');
    expect(await backUp(providerConfig(), backup)).toMatchObject({ engine: provider.database.engine, media: true });
    // The provider goes on answering from its own data.
    expect((await maria.get('/api/course/')).status).toBe(200);

    const dataDir = makeDataDir();
    const databaseUrl = onPostgres() ? await createTestDatabase(false) : undefined;
    try {
      await restore(configOf(dataDir, databaseUrl), backup);
      const restored = await startProvider({ dataDir, databaseUrl });
      try {
        const client = restored.client();
        expect((await client.get<{ full_name: string }>(`/api/student/${id}`)).status).toBe(401);
        await client.loginStudent();
        expect((await client.get<{ full_name: string }>(`/api/student/${id}`)).body.full_name).toBe('Maria Backed-Up');
        const served = await client.request('GET', image);
        expect(served.status).toBe(200);
        expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
      } finally {
        await restored.stop({ removeData: false });
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) await dropTestDatabase(databaseUrl);
    }
  });

  it('backs up into a new or empty folder only, and restores only a backup of the same engine', async () => {
    const used = path.join(folder, 'used');
    fs.mkdirSync(used);
    fs.writeFileSync(path.join(used, 'keep.txt'), 'keep me');
    await expect(backUp(providerConfig(), used)).rejects.toThrow(/is not empty: name a new folder/);
    expect(fs.readdirSync(used)).toEqual(['keep.txt']);
    await expect(restore(providerConfig(), used)).rejects.toThrow(/holds no backup/);

    const otherEngine = path.join(folder, 'other-engine');
    fs.mkdirSync(otherEngine);
    const other = onPostgres() ? 'sqlite' : 'postgres';
    fs.writeFileSync(path.join(otherEngine, 'backup.json'), JSON.stringify({ engine: other, createdAt: '2026-11-29T00:00:00.000Z', media: false }));
    await expect(restore(providerConfig(), otherEngine)).rejects.toThrow(`The backup in ${otherEngine} is of ${other}`);
  });

  // SQLite's online backup of the file alone.
  (onPostgres() ? it.skip : it)('copies the SQLite file as of its last commit, and the copy passes its integrity check; never over a file', async () => {
    const destination = path.join(folder, 'nested', 'provider.sqlite');
    const { bytes } = await backUpDatabase(path.join(provider.dataDir, 'provider.sqlite'), destination);
    expect(bytes).toBe(fs.statSync(destination).size);
    const copy = new Database(destination, { readonly: true });
    try {
      expect(copy.prepare('SELECT COUNT(*) FROM students').pluck().get()).toBeGreaterThan(0);
    } finally {
      copy.close();
    }
    const existing = path.join(folder, 'existing.sqlite');
    fs.writeFileSync(existing, 'keep me');
    await expect(backUpDatabase(path.join(provider.dataDir, 'provider.sqlite'), existing)).rejects.toThrow(/exists: name a new file/);
    expect(fs.readFileSync(existing, 'utf8')).toBe('keep me');
    await expect(backUpDatabase(path.join(folder, 'none.sqlite'), path.join(folder, 'out.sqlite'))).rejects.toThrow(/No database at/);
  });
});
