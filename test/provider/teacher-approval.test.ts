/**
 * Teachers approved by the academy: outside development mode a teacher who registers waits for
 * `npm run provider:admin -- approve-teacher` (or is declined), and is told by mail either way.
 */
import { sql } from 'kysely';
import { accountMessages } from '../../provider/src/accounts';
import { AdminError, adminMessages, approveTeacher, declineTeacher, pendingTeachers } from '../../provider/src/admin';
import { Outbox } from '../../provider/src/mail';
import { type Client, type RunningProvider, inDatabase, startProvider } from './support';

describe('teachers approved by the academy', () => {
  let provider: RunningProvider;

  beforeAll(async () => {
    provider = await startProvider({ devMode: false });
  });
  afterAll(() => provider.stop());

  /** The newest mail to `to`, read from the outbox table (no /dev/outbox outside development mode). */
  const lastMailTo = (to: string) =>
    inDatabase(provider, (queries) =>
      queries.one(sql<{ subject: string; text: string; code: string | null }>`SELECT subject, text, code FROM outbox WHERE to_address = ${to} ORDER BY id DESC LIMIT 1`),
    );
  const admin = <T>(run: (queries: Parameters<Parameters<typeof inDatabase>[1]>[0], outbox: Outbox) => Promise<T>) =>
    inDatabase(provider, (queries) => run(queries, new Outbox(queries, false, { smtp: null, academyName: 'Language Academy' })));

  async function register(client: Client, email: string): Promise<number> {
    const { status, body } = await client.post<{ id: number }>('/api/teacher/', {
      form: { full_name: 'Applying Teacher', email, password: 'teach-1234', qualification: 'MA', mobile_no: '0800', skills: 'Igbo' },
    });
    expect(status).toBe(201);
    const code = (await lastMailTo(email))?.code ?? '';
    const verified = await client.post(`/api/verify-teacher/${body.id}/`, { form: { otp_digit: code } });
    expect(verified.body).toEqual({ bool: false, msg: accountMessages.approvalPending, teacher_id: body.id });
    return body.id;
  }

  const logIn = (client: Client, email: string) => client.post<{ bool: boolean; msg?: string }>('/api/teacher-login', { form: { email, password: 'teach-1234' } });

  it('keeps a new teacher waiting until the academy approves them, then mails them and lets them in', async () => {
    const client = provider.client();
    const applicantId = await register(client, 'applicant@example.org');
    expect((await logIn(client, 'applicant@example.org')).body).toEqual({ bool: false, msg: accountMessages.approvalPending });
    // No public page while waiting: the same answer as an unknown id.
    expect(await provider.client().get(`/api/teacher/${applicantId}`)).toMatchObject({ status: 404, body: { msg: 'Teacher not found.' } });
    const waiting = async () => (await admin((queries) => pendingTeachers(queries))).map((teacher) => teacher.email);
    // The demo's pending teacher first (oldest first), then the applicant.
    expect(await waiting()).toEqual(['pending@academy.test', 'applicant@example.org']);

    await admin((queries, outbox) => approveTeacher(queries, outbox, 'Language Academy', 'Applicant@Example.org'));
    expect(await lastMailTo('applicant@example.org')).toMatchObject({
      subject: adminMessages.approvedMail.subject('Language Academy'),
      text: expect.stringContaining(adminMessages.approvedMail.text) as unknown,
    });
    expect((await logIn(client, 'applicant@example.org')).body.bool).toBe(true);
    expect(await provider.client().get(`/api/teacher/${applicantId}`)).toMatchObject({ status: 200, body: { full_name: 'Applying Teacher' } });
    expect(await waiting()).toEqual(['pending@academy.test']);
    await expect(admin((queries, outbox) => approveTeacher(queries, outbox, 'Language Academy', 'applicant@example.org'))).rejects.toThrow(
      new AdminError(adminMessages.alreadyApproved('applicant@example.org')),
    );
  });

  it('declines an application: the account goes, the applicant is told, and may apply again', async () => {
    const client = provider.client();
    await register(client, 'declined@example.org');
    await admin((queries, outbox) => declineTeacher(queries, outbox, 'Language Academy', 'declined@example.org'));
    expect(await lastMailTo('declined@example.org')).toMatchObject({
      subject: adminMessages.declinedMail.subject('Language Academy'),
      text: expect.stringContaining(adminMessages.declinedMail.text) as unknown,
    });
    expect((await logIn(client, 'declined@example.org')).body).toEqual({ bool: false, msg: accountMessages.wrongCredentials });
    await register(provider.client(), 'declined@example.org');
  });

  it('never declines an approved teacher, and names an unknown address', async () => {
    await expect(admin((queries, outbox) => declineTeacher(queries, outbox, 'Language Academy', 'teacher@academy.test'))).rejects.toThrow(
      adminMessages.approvedCannotBeDeclined('teacher@academy.test'),
    );
    await expect(admin((queries, outbox) => approveTeacher(queries, outbox, 'Language Academy', 'nobody@example.org'))).rejects.toThrow(adminMessages.noTeacher('nobody@example.org'));
  });
});
