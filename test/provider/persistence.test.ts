import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { openDatabase } from '../../provider/src/db';
import { migrations } from '../../provider/src/migrations';
import { resetProviderData } from '../../provider/src/reset';
import { type DatabaseLocation } from '../../provider/src/database';
import { onPostgres, withQueries } from './engine';
import { demoLogins, inDatabase, makeDataDir, startProvider, svgFile } from './support';

describe('persistence', () => {
  const dataDir = makeDataDir();

  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** Reads the data folder's SQLite file: SQLite's own settings. */
  const inspect = <T>(run: (db: Database.Database) => T): T => {
    const db = new Database(path.join(dataDir, 'provider.sqlite'), { readonly: true });
    try {
      return run(db);
    } finally {
      db.close();
    }
  };

  /** The data folder's database (on PostgreSQL, a database of its own), known once the first provider started. */
  let database: DatabaseLocation;

  it('keeps accounts, uploads, sessions and media across a restart, seeding only once', async () => {
    const first = await startProvider({ dataDir });
    database = first.database;
    const teacher = first.client();
    const teacherId = await teacher.loginTeacher();
    const { body: course } = await teacher.post<{ id: number; featured_img: string }>('/api/course/', {
      multipart: {
        category: 3,
        teacher: teacherId,
        title: 'Persistent German',
        featured_img: svgFile('p.svg', '<rect/>'),
      },
    });
    const registrar = first.client();
    const { body: student } = await registrar.post<{ id: number }>('/api/student/', {
      form: { full_name: 'Persisted', email: 'persisted@example.org', password: 'persisted-1', username: 'persisted' },
    });
    await first.stop({ removeData: false });

    const second = await startProvider({ dataDir });
    try {
      const sameBrowser = second.client();
      for (const [name, value] of teacher.cookies) sameBrowser.cookies.set(name, value);
      const detail = await sameBrowser.get<{ title: string; featured_img: string }>(
        `/api/teacher-course-detail/${course.id}/`,
      );
      expect(detail.status).toBe(200);
      expect(detail.body.title).toBe('Persistent German');
      expect(await (await sameBrowser.request('GET', detail.body.featured_img)).text()).toContain('<rect/>');

      const { code } = await sameBrowser.lastMailTo('persisted@example.org');
      // The browser that registered, with its pending-code cookie, checks the code after the restart.
      const registeringBrowser = second.client();
      for (const [name, value] of registrar.cookies) registeringBrowser.cookies.set(name, value);
      const verified = await registeringBrowser.post(`/api/verify-student/${student.id}/`, { form: { otp_digit: code } });
      expect(verified.body.bool).toBe(true);

      const categories = await sameBrowser.get<unknown[]>('/api/category/');
      expect(categories.body).toHaveLength(7);
      const teachers = await sameBrowser.get<unknown[]>('/api/teacher/');
      expect(teachers.body).toHaveLength(2);
    } finally {
      await second.stop({ removeData: false });
    }
  });

  // SQLite's file and settings: nothing of it on PostgreSQL.
  (onPostgres() ? it.skip : it)('records applied migrations and runs SQLite in WAL mode with foreign keys declared', () => {
    inspect((db) => {
      const applied = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
      expect(applied).toEqual(migrations.map(({ version, name }) => ({ version, name })));
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.prepare('PRAGMA foreign_key_list(courses)').all()).not.toHaveLength(0);
    });
  });

  it('resets the data folder and its database to the demo data', async () => {
    await resetProviderData(dataDir, { databaseUrl: database.engine === 'postgres' ? database.url : undefined, demo: true });
    const count = async (table: string, where = sql``) =>
      (await withQueries(database, (queries) => queries.one(sql<{ count: number }>`SELECT COUNT(*) AS count FROM ${sql.table(table)} ${where}`)))?.count;
    expect(await count('students', sql`WHERE email = 'persisted@example.org'`)).toBe(0);
    // Seven published courses and the demo teacher's draft.
    expect(await count('courses')).toBe(8);
    expect(await count('outbox')).toBe(0);
    const videos = fs.readdirSync(path.join(dataDir, 'media', 'chapter_videos'));
    expect(videos.length).toBeGreaterThanOrEqual(6);
  });

  it("gives a new database the academy's languages as categories, and no demo account or course unless asked", async () => {
    const academy = await startProvider({ demo: false });
    try {
      const visitor = academy.client();
      const categories = await visitor.get<{ title: string }[]>('/api/category/');
      expect(categories.body.map((category) => category.title)).toEqual(['Spanish', 'French', 'German', 'Yoruba', 'Pidgin', 'Akan', 'English']);
      expect((await visitor.get<unknown[]>('/api/course/')).body).toEqual([]);
      expect((await visitor.get<unknown[]>('/api/teacher/')).body).toEqual([]);
      for (const [path, login] of [
        ['/api/student-login', demoLogins.student],
        ['/api/teacher-login', demoLogins.teacher],
      ] as const) {
        expect((await visitor.post<{ bool: boolean }>(path, { form: login })).body.bool).toBe(false);
      }
    } finally {
      await academy.stop();
    }
  });

  it('records on start the video durations missing from chapters kept before durations were stored', async () => {
    // The demo data copied (its chapters have videos), then their durations forgotten while no provider runs.
    const first = await startProvider();
    await first.stop({ removeData: false });
    await inDatabase(first, (queries) => queries.run(sql`UPDATE chapters SET duration_seconds = NULL`));

    const second = await startProvider({ dataDir: first.dataDir });
    try {
      const durations = await inDatabase(second, (queries) => queries.all(sql<{ duration_seconds: number }>`SELECT duration_seconds FROM chapters`));
      expect(durations).toHaveLength(10);
      for (const { duration_seconds: duration } of durations) expect(duration).toBeCloseTo(4, 1);
    } finally {
      await second.stop();
    }
  });

  // SQLite's migrations, on a file of its own.
  (onPostgres() ? it.skip : it)('migrates a database of before migration 16 forward: names known, one open checkout per course', () => {
    const scratch = makeDataDir();
    const file = path.join(scratch, 'provider.sqlite');
    try {
      const old = openDatabase(file, migrations.filter(({ version }) => version < 16)).db;
      old.exec(`
        INSERT INTO categories (id, title) VALUES (1, 'French');
        INSERT INTO teachers (id, full_name, email, password_hash, created_at) VALUES (1, 'T', 't@example.org', 'x', '2025-01-01T00:00:00.000Z');
        INSERT INTO courses (id, category_id, teacher_id, title, price, created_at) VALUES (1, 1, 1, 'C', '25.00', '2025-01-01T00:00:00.000Z');
        INSERT INTO students (id, full_name, email, password_hash, created_at) VALUES
          (1, 'Ada', 'a@example.org', 'x', '2025-01-01T00:00:00.000Z'), (2, 'Bo', 'b@example.org', 'x', '2025-01-02T00:00:00.000Z');
        INSERT INTO enrollments (course_id, student_id, enrolled_at) VALUES (1, 2, '2025-02-01T00:00:00.000Z');
        INSERT INTO checkout_sessions (id, course_id, student_id, amount, status, created_at) VALUES
          ('cs_a1', 1, 1, '25.00', 'open', '2025-03-01T00:00:00.000Z'),
          ('cs_a2', 1, 1, '25.00', 'open', '2025-03-01T00:01:00.000Z'),
          ('cs_b1', 1, 2, '25.00', 'paid', '2025-01-31T00:00:00.000Z'),
          ('cs_b2', 1, 2, '25.00', 'open', '2025-03-01T00:00:00.000Z');
      `);
      old.close();

      const { db } = openDatabase(file);
      try {
        expect(db.prepare('SELECT id, status FROM checkout_sessions ORDER BY id').all()).toEqual([
          { id: 'cs_a1', status: 'cancelled' },
          { id: 'cs_a2', status: 'open' },
          { id: 'cs_b1', status: 'paid' },
          { id: 'cs_b2', status: 'cancelled' },
        ]);
        expect(() =>
          db
            .prepare("INSERT INTO checkout_sessions (id, course_id, student_id, amount, status, created_at) VALUES ('cs_a3', 1, 1, '25.00', 'open', '')")
            .run(),
        ).toThrow(/UNIQUE/);
        expect(db.prepare('SELECT student_id, full_name, since FROM student_names ORDER BY student_id').all()).toEqual([
          { student_id: 1, full_name: 'Ada', since: '2025-01-01T00:00:00.000Z' },
          { student_id: 2, full_name: 'Bo', since: '2025-01-02T00:00:00.000Z' },
        ]);
        db.prepare("UPDATE students SET full_name = 'Ada Renamed' WHERE id = 1").run();
        expect(db.prepare('SELECT full_name FROM student_names WHERE student_id = 1 ORDER BY id').pluck().all()).toEqual([
          'Ada',
          'Ada Renamed',
        ]);
      } finally {
        db.close();
      }
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('fails loudly when an operation of the spec has no handler', async () => {
    const specFile = path.join(dataDir, 'extra-operation.yaml');
    fs.writeFileSync(
      specFile,
      fs
        .readFileSync(path.resolve(__dirname, '..', '..', 'api-spec.yaml'), 'utf8')
        .replace(
          /^paths:\n/m,
          'paths:\n  /brand-new/:\n    get:\n      operationId: brandNewOperation\n      responses:\n        "200":\n          description: ok\n',
        ),
    );
    const scratch = makeDataDir();
    try {
      await expect(startProvider({ dataDir: scratch, specFile })).rejects.toThrow(/No handler for .*brandNewOperation/);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
