/**
 * `npm run provider:backup -- <file>`: a consistent copy of the SQLite database taken while the
 * provider runs and writes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { backUpDatabase } from '../../provider/src/backup';
import { type Client, type RunningProvider, startDemoProvider } from './support';

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

  it('copies the database as of its last commit while the provider runs, and the copy passes its integrity check', async () => {
    const id = await maria.loginStudent();
    const { body: student } = await maria.get<{ email: string; username: string }>(`/api/student/${id}`);
    const renamed = await maria.put(`/api/student/${id}/`, { form: { full_name: 'Maria Backed-Up', email: student.email, username: student.username } });
    expect(renamed.status).toBe(200);
    const destination = path.join(folder, 'nested', 'provider.sqlite');

    const { bytes } = await backUpDatabase(path.join(provider.dataDir, 'provider.sqlite'), destination);
    expect(bytes).toBe(fs.statSync(destination).size);
    const copy = new Database(destination, { readonly: true });
    try {
      expect(copy.prepare('SELECT full_name FROM students WHERE full_name = ?').pluck().get('Maria Backed-Up')).toBe('Maria Backed-Up');
    } finally {
      copy.close();
    }
    // The provider goes on answering from its own file.
    expect((await maria.get('/api/course/')).status).toBe(200);
  });

  it('refuses to overwrite a file, and says when there is no database', async () => {
    const existing = path.join(folder, 'existing.sqlite');
    fs.writeFileSync(existing, 'keep me');
    await expect(backUpDatabase(path.join(provider.dataDir, 'provider.sqlite'), existing)).rejects.toThrow(/exists: name a new file/);
    expect(fs.readFileSync(existing, 'utf8')).toBe('keep me');
    await expect(backUpDatabase(path.join(folder, 'none.sqlite'), path.join(folder, 'out.sqlite'))).rejects.toThrow(/No database at/);
  });
});
