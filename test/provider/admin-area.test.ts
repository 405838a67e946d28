/**
 * The admin area (issue 37): an admin made from the shell logs in with a mailed code, approves or
 * declines the teachers waiting (who are mailed either way), and keeps the categories.
 */
import { sql } from 'kysely';
import { adminMessages, createAdmin } from '../../provider/src/admin';
import { defaultThrottleLimits } from '../../provider/src/throttle';
import { type Client, type RunningProvider, inDatabase, startDemoProvider } from './support';

describe('the admin area', () => {
  let provider: RunningProvider;
  let maria: Client;
  let amara: Client;
  let admin: Client;

  /** Logs `client` in as the admin of `email` with the code mailed to it. */
  async function logIn(client: Client, email: string): Promise<void> {
    expect((await client.post('/api/admin-login/', { form: { email } })).status).toBe(200);
    const { code } = await client.lastMailTo(email);
    const verified = await client.post('/api/admin-verify/', { form: { email, code: code ?? '' } });
    expect(verified.body).toEqual({ bool: true, msg: 'You are logged in as an admin.', email });
  }

  /** A teacher waiting for approval (registered just now). */
  const applicant = (email: string, name: string) =>
    inDatabase(provider, async (queries) => {
      const row = await queries.one(
        sql<{ id: number }>`INSERT INTO teachers (full_name, email, password_hash, qualification, skills, approved, verified, created_at)
          VALUES (${name}, ${email}, 'x', 'MA Linguistics', 'Akan', 0, 1, ${new Date().toISOString()}) RETURNING id`,
      );
      return (row as { id: number }).id;
    });

  beforeAll(async () => {
    // Six logins of one address before the login count makes it wait, so that the codes' own limit (five an hour) shows.
    ({ provider, maria, amara } = await startDemoProvider({ throttle: { login: { ...defaultThrottleLimits.login, free: 6 } } }));
    admin = provider.client();
    await inDatabase(provider, async (queries) => {
      expect(await createAdmin(queries, 'Boss@Academy.example')).toBe('created');
      expect(await createAdmin(queries, 'boss@academy.example')).toBe('exists');
    });
    await logIn(admin, 'boss@academy.example');
  });
  afterAll(() => provider.stop());

  it('logs an admin in with a mailed code, and answers a stranger the same without mailing', async () => {
    expect((await admin.get('/api/admin-session/')).body).toEqual({ email: 'boss@academy.example' });

    const stranger = provider.client();
    const asked = await stranger.post('/api/admin-login/', { form: { email: 'maria@example.org' } });
    expect(asked.body).toEqual({ bool: true, msg: 'If this address belongs to an admin of the academy, we have sent a login code to it.' });
    const mailed = await inDatabase(provider, (queries) =>
      queries.one(sql<{ count: number }>`SELECT COUNT(*) AS count FROM outbox WHERE to_address = 'maria@example.org' AND subject LIKE '%admin%'`),
    );
    expect(mailed?.count).toBe(0);

    // A wrong code is refused; the right one from another browser too (the code is bound to the browser that asked).
    const other = provider.client();
    await other.post('/api/admin-login/', { form: { email: 'boss@academy.example' } });
    const { code = '' } = await other.lastMailTo('boss@academy.example');
    const wrong = String((Number(code) % 900000) + 100001);
    expect(await other.post('/api/admin-verify/', { form: { email: 'boss@academy.example', code: wrong } })).toMatchObject({
      status: 400,
      body: { bool: false, msg: 'The code is wrong or has expired. Please check the latest code we sent to your e-mail.' },
    });
    expect((await stranger.post('/api/admin-verify/', { form: { email: 'boss@academy.example', code } })).status).toBe(400);
    expect((await stranger.get('/api/admin-session/')).status).toBe(401);
    expect((await other.post('/api/admin-verify/', { form: { email: 'boss@academy.example', code } })).status).toBe(200);

    await other.post('/api/admin-logout/');
    expect((await other.get('/api/admin-session/')).status).toBe(401);
  });

  it("burns an admin's code after five wrong guesses, as the students' and teachers' codes", async () => {
    const client = provider.client();
    await client.post('/api/admin-login/', { form: { email: 'boss@academy.example' } });
    const { code = '' } = await client.lastMailTo('boss@academy.example');
    const wrong = String((Number(code) % 900000) + 100001);
    for (let guess = 0; guess < 5; guess += 1) {
      await client.post('/api/admin-verify/', { form: { email: 'boss@academy.example', code: wrong } });
    }
    expect(await client.post('/api/admin-verify/', { form: { email: 'boss@academy.example', code } })).toMatchObject({
      status: 400,
      body: { msg: 'This code is no longer valid. Please ask for a new code.' },
    });
  });

  it("mails an admin five codes an hour at most, answering a further request as a stranger's", async () => {
    await inDatabase(provider, (queries) => createAdmin(queries, 'second@academy.example'));
    const client = provider.client();
    const ask = () => client.post('/api/admin-login/', { form: { email: 'second@academy.example' } });
    const codesMailed = async () =>
      (await inDatabase(provider, (queries) => queries.one(sql<{ count: number }>`SELECT COUNT(*) AS count FROM outbox WHERE to_address = 'second@academy.example'`)))?.count;
    for (let request = 0; request < 5; request += 1) expect((await ask()).status).toBe(200);
    expect((await ask()).body).toEqual({ bool: true, msg: 'If this address belongs to an admin of the academy, we have sent a login code to it.' });
    expect(await codesMailed()).toBe(5);
  });

  it('keeps the admin operations from visitors (401), students and teachers (403)', async () => {
    const visitor = provider.client();
    for (const [client, status] of [[visitor, 401], [maria, 403], [amara, 403]] as const) {
      expect((await client.get('/api/admin/pending-teachers/')).status).toBe(status);
      expect((await client.post('/api/admin/categories/', { form: { title: 'Klingon' } })).status).toBe(status);
    }
  });

  it('approves and declines the teachers waiting, mailing each, and decides each once', async () => {
    const kojo = await applicant('kojo@example.org', 'Kojo Asante');
    const efua = await applicant('efua@example.org', 'Efua Owusu');
    const queue = await admin.get<{ id: number; email: string; full_name: string; qualification: string; skills: string }[]>('/api/admin/pending-teachers/');
    expect(queue.body.map((teacher) => teacher.email)).toEqual(['pending@academy.test', 'kojo@example.org', 'efua@example.org']);
    expect(queue.body[1]).toMatchObject({ id: kojo, full_name: 'Kojo Asante', qualification: 'MA Linguistics', skills: 'Akan' });

    expect((await admin.post(`/api/admin/pending-teachers/${kojo}/approve/`)).body).toEqual({ bool: true, msg: 'Kojo Asante is approved and has been told by mail.' });
    const approved = await admin.lastMailTo('kojo@example.org');
    expect(approved.subject).toBe('Your Language Academy teacher account is approved');
    expect(approved.text).toBe(`Hello Kojo Asante,\n\n${adminMessages.approvedMail.text}\n\nLanguage Academy`);

    expect((await admin.post(`/api/admin/pending-teachers/${efua}/decline/`)).body).toEqual({
      bool: true,
      msg: "Efua Owusu's application is declined; they have been told by mail.",
    });
    expect((await admin.lastMailTo('efua@example.org')).subject).toBe('Your Language Academy teacher application');

    // Decided already (by this admin or another): refused, and nobody is mailed again.
    const mails = async () => (await admin.get<unknown[]>('/dev/outbox')).body.length;
    const before = await mails();
    for (const decision of [`${kojo}/decline`, `${kojo}/approve`, `${efua}/approve`]) {
      expect(await admin.post(`/api/admin/pending-teachers/${decision}/`)).toMatchObject({ status: 400, body: { bool: false, msg: adminMessages.noLongerPending } });
    }
    expect(await mails()).toBe(before);
    expect((await admin.get<{ email: string }[]>('/api/admin/pending-teachers/')).body.map((teacher) => teacher.email)).toEqual(['pending@academy.test']);

    // Two admins at once: one decides.
    const esi = await applicant('esi@example.org', 'Esi Boateng');
    const second = provider.client();
    await logIn(second, 'boss@academy.example');
    const answers = await Promise.all([admin.post(`/api/admin/pending-teachers/${esi}/approve/`), second.post(`/api/admin/pending-teachers/${esi}/decline/`)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it('adds and renames categories, names unique whatever their case', async () => {
    const added = await admin.post<{ id: number; title: string }>('/api/admin/categories/', { form: { title: '  Swahili ' } });
    expect(added).toMatchObject({ status: 201, body: { title: 'Swahili' } });
    const { id } = added.body;
    expect(await admin.post('/api/admin/categories/', { form: { title: 'SWAHILI' } })).toMatchObject({
      status: 400,
      body: { msg: 'There is a category called SWAHILI already.' },
    });
    expect(await admin.put(`/api/admin/categories/${id}/`, { form: { title: 'Kiswahili' } })).toMatchObject({ status: 200, body: { id, title: 'Kiswahili' } });
    expect(await admin.put(`/api/admin/categories/${id}/`, { form: { title: 'kiswahili' } })).toMatchObject({ status: 200, body: { title: 'kiswahili' } });
    const [taken] = (await admin.get<{ title: string }[]>('/api/category/')).body.filter((category) => category.title !== 'kiswahili');
    expect((await admin.put(`/api/admin/categories/${id}/`, { form: { title: taken?.title.toUpperCase() } })).status).toBe(400);
    expect((await admin.put('/api/admin/categories/999999/', { form: { title: 'Zulu' } })).status).toBe(404);
    expect((await admin.post('/api/admin/categories/', { form: { title: 'x'.repeat(101) } })).status).toBe(400);
    expect((await admin.post('/api/admin/categories/', { form: { title: '   ' } })).status).toBe(400);
    expect((await admin.get<{ title: string }[]>('/api/category/')).body.map((category) => category.title)).toContain('kiswahili');
  });
});
