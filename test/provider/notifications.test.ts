/**
 * Notifications (issue 37 item 2): each event's row in the person's list and its mail (read from
 * the outbox, and the one-click unsubscribe headers from a real SMTP server this suite starts),
 * mail settings, the once-an-hour rule of conversations, the reminder and digest jobs run twice at
 * once, the unsubscribe link without a login, and who may read whose list.
 */
import type net from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { type Client, type DemoIds, type RunningProvider, passTime, startDemoProvider, useFakeClock } from './support';

interface Notification {
  id: number;
  kind: string;
  text: string;
  link: string;
  created_at: string;
  read_at: string | null;
}
interface NotificationList {
  total: number;
  unread: number;
  notifications: Notification[];
}
interface Kept {
  to: string;
  subject: string;
  text: string;
  unsubscribeUrl?: string;
}

const hour = 60 * 60 * 1000;
const day = 24 * hour;

let provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client, kofi: Client, amara: Client, kwame: Client;
let smtp: SMTPServer;
const received: ParsedMail[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = (smtp as unknown as { server: net.Server }).server.address() as net.AddressInfo;
  ({ provider, ids, visitor, maria, kofi, amara, kwame } = await startDemoProvider({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Language Academy <no-reply@academy.example>',
    mailPollIntervalMs: 200,
    appOrigin: 'https://academy.example',
    // The jobs run when a test says so.
    notificationIntervalMs: 3_600_000,
  }));
});
afterAll(async () => {
  await provider.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const studentMail = 'student@academy.test';
const teacherMail = 'teacher@academy.test';

const mails = async (): Promise<Kept[]> => (await visitor.get<Kept[]>('/dev/outbox')).body;
const mailsTo = async (to: string, subject: RegExp) => (await mails()).filter((mail) => mail.to === to && subject.test(mail.subject));
const list = async (client: Client, role: 'student' | 'teacher', id: number, query = '') =>
  (await client.get<NotificationList>(`/api/notifications/${role}/${id}/${query}`)).body;
const assign = async (fields: Record<string, string> = {}) => {
  const { status, body } = await amara.post<{ id: number }>(`/api/student-assignment/${ids.teacherId}/${ids.studentId}/`, {
    multipart: { teacher: String(ids.teacherId), student: String(ids.studentId), title: 'Describe your town', answer_kind: 'text', ...fields },
  });
  expect(status).toBe(201);
  return body.id;
};
const jobs = () => provider.app.notifications.runJobs();

it('tells the student of a new assignment (with its due date), the teacher of the answer, the student of the feedback: a row and a mail each', async () => {
  const due = new Date(Date.now() + 3 * day);
  due.setUTCHours(18, 0, 0, 0);
  const assignmentId = await assign({ due_at: due.toISOString() });

  const dueText = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(due);
  const [newest] = (await list(maria, 'student', ids.studentId)).notifications;
  expect(newest).toMatchObject({ kind: 'new_assignment', link: `/my-assignments/${assignmentId}`, read_at: null });
  expect(newest!.text).toBe(`New assignment from Amara Okafor: “Describe your town” (due ${dueText} UTC)`);
  const [assigned] = await mailsTo(studentMail, /^New assignment: Describe your town$/);
  expect(assigned!.text).toContain(`It is due ${dueText} UTC.`);
  expect(assigned!.text).toContain(`Open it: https://academy.example/my-assignments/${assignmentId}`);
  expect(assigned!.unsubscribeUrl).toMatch(/^https:\/\/academy\.example\/api\/unsubscribe\/student\.\d+\.new_assignment\.[\w-]{43}\/$/);
  expect(assigned!.text).toContain(`Stop these mails: ${assigned!.unsubscribeUrl}`);

  expect((await maria.post(`/api/assignment-answer/${assignmentId}/`, { multipart: { text: 'My town is small.' } })).status).toBe(200);
  expect((await list(amara, 'teacher', ids.teacherId)).notifications[0]).toMatchObject({
    kind: 'new_answer',
    text: 'Maria Silva handed in “Describe your town”',
    link: `/teacher-assignment/${assignmentId}`,
  });
  expect(await mailsTo(teacherMail, /^New answer to mark: Describe your town$/)).toHaveLength(1);

  expect((await amara.post(`/api/assignment-feedback/${assignmentId}/`, { multipart: { text: 'Well done', mark: 'good' } })).status).toBe(200);
  expect((await list(maria, 'student', ids.studentId)).notifications[0]).toMatchObject({
    kind: 'feedback',
    text: 'Amara Okafor gave feedback on “Describe your town”. Mark: good.',
  });
  expect(await mailsTo(studentMail, /^Feedback on Describe your town$/)).toHaveLength(1);
});

it('sends the mail with one-click unsubscribe headers over SMTP', async () => {
  const deadline = Date.now() + 5000;
  let sent: ParsedMail | undefined;
  while (!(sent = received.find((mail) => mail.subject === 'New assignment: Describe your town')) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const [kept] = await mailsTo(studentMail, /^New assignment: Describe your town$/);
  const header = (name: string) => sent?.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n\s+/g, ' ');
  expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${kept!.unsubscribeUrl}>`);
  expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
});

it('keeps the mail settings (all on by default) and sends no mail of a kind turned off, the row still written', async () => {
  const path = `/api/notification-settings/student/${ids.studentId}/`;
  expect((await maria.get(path)).body).toEqual({
    kinds: [
      { kind: 'new_assignment', mail: true },
      { kind: 'due_reminder', mail: true },
      { kind: 'feedback', mail: true },
      { kind: 'message', mail: true },
    ],
  });
  const saved = await maria.put<{ kinds: { kind: string; mail: boolean }[] }>(path, { form: { new_assignment: 'false', new_answer: 'false' } });
  expect(saved.status).toBe(200);
  expect(saved.body.kinds.filter((kind) => !kind.mail).map((kind) => kind.kind)).toEqual(['new_assignment']);

  const before = (await mails()).length;
  const assignmentId = await assign({ title: 'Quiet one' });
  expect((await list(maria, 'student', ids.studentId)).notifications[0]).toMatchObject({ link: `/my-assignments/${assignmentId}` });
  expect((await mails()).length).toBe(before);
  await maria.put(path, { form: { new_assignment: 'true' } });
});

it('unsubscribes by POST without a login; GET only shows the button; a forged token is 404', async () => {
  const [kept] = await mailsTo(teacherMail, /^New answer to mark/);
  const path = new URL(kept!.unsubscribeUrl!).pathname;
  const settings = async () => (await amara.get<{ kinds: { kind: string; mail: boolean }[] }>(`/api/notification-settings/teacher/${ids.teacherId}/`)).body.kinds;

  const page = await visitor.request('GET', path);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<button type="submit">Unsubscribe</button>');
  expect((await settings()).find((kind) => kind.kind === 'new_answer')!.mail).toBe(true);

  const forged = await visitor.request('POST', path.replace(/\.[\w-]{43}\/$/, `.${'A'.repeat(43)}/`), { form: { 'List-Unsubscribe': 'One-Click' }, xsrf: false });
  expect(forged.status).toBe(404);
  // A mail client's one-click POST: no cookie, no XSRF token.
  const done = await provider.client().request('POST', path, { form: { 'List-Unsubscribe': 'One-Click' }, xsrf: false });
  expect(done.status).toBe(200);
  expect(await done.text()).toContain('You will no longer get mails about new answers to mark.');
  expect((await settings()).find((kind) => kind.kind === 'new_answer')!.mail).toBe(false);
});

it('lists newest first with the unread count, pages, and marks read by ids or all; only for the person themself', async () => {
  const path = `/api/notifications/student/${ids.studentId}/`;
  const all = await list(maria, 'student', ids.studentId);
  expect(all.total).toBeGreaterThanOrEqual(3);
  const times = all.notifications.map((item) => item.created_at);
  expect(times).toEqual([...times].sort().reverse());
  expect((await list(maria, 'student', ids.studentId, '?limit=1&offset=1')).notifications).toEqual([all.notifications[1]]);

  // Polled conditionally, as the unread message counts: 304 while nothing changed.
  const etag = (await maria.request('GET', path)).headers.get('etag');
  expect(etag).toMatch(/^W\//);
  expect((await maria.request('GET', path, { headers: { 'if-none-match': etag! } })).status).toBe(304);

  const first = all.notifications[0]!.id;
  expect((await maria.post(`${path}read/`, { form: { ids: String(first) } })).body).toEqual({ marked: 1, unread: all.unread - 1 });
  expect((await maria.post(`${path}read/`, { form: {} })).body).toEqual({ marked: all.unread - 1, unread: 0 });
  expect((await maria.post(`${path}read/`, { form: { ids: 'all' } })).status).toBe(400);
  expect((await maria.request('GET', path, { headers: { 'if-none-match': etag! } })).status).toBe(200);

  expect((await visitor.get(path)).status).toBe(401);
  expect((await kofi.get(path)).status).toBe(403);
  expect((await amara.get(path)).status).toBe(401);
  expect((await kofi.post(`${path}read/`, { form: {} })).status).toBe(403);
  expect((await kofi.get(`/api/notification-settings/student/${ids.studentId}/`)).status).toBe(403);
  expect((await visitor.put(`/api/notification-settings/teacher/${ids.teacherId}/`, { form: { message: 'false' } })).status).toBe(401);
});

it('shows the teacher a paid enrolment once the local checkout is paid', async () => {
  const course = ids.courses.English!;
  const { body } = await maria.post<{ url: string }>('/api/create-payment-session/', { form: { course_id: course.id, student_id: ids.studentId } });
  const paid = await maria.request('POST', `${body.url}/pay`, { form: { xsrf_token: maria.cookies.get('XSRF-TOKEN')! }, xsrf: false });
  expect(paid.status).toBe(303);
  const [teacher, teacherId] = course.teacherId === ids.teacherId ? [amara, ids.teacherId] : [kwame, ids.otherTeacherId];
  expect(teacherId).toBe(course.teacherId);
  expect((await list(teacher, 'teacher', teacherId)).notifications[0]).toMatchObject({
    kind: 'enrolment',
    text: expect.stringMatching(/^Maria Silva enrolled in “/),
    link: `/enrolled-students/${course.id}`,
  });
});

describe('on the clock', () => {
  useFakeClock();

  it('mails a conversation still unread 5 minutes after its message, once across two runs, at most once an hour while unread', async () => {
    const send = (text: string) => amara.post(`/api/send-message/${ids.teacherId}/${ids.studentId}/`, { form: { msg_text: text, msg_from: 'teacher' } });
    const read = () => maria.post(`/api/mark-messages-read/${ids.teacherId}/${ids.studentId}/`, { form: { reader: 'student' } });
    const messageMails = () => mailsTo(studentMail, /^New message from Amara Okafor$/);
    const minutes = (count: number) => passTime(count * 60 * 1000 + 1000);

    await send('Hello Maria');
    await send('Are you there?');
    await jobs();
    expect(await messageMails()).toHaveLength(0);
    const rows = (await list(maria, 'student', ids.studentId)).notifications.filter((item) => item.kind === 'message');
    expect(rows).toEqual([expect.objectContaining({ text: 'New message from Amara Okafor: “Are you there?”', link: `/messages/${ids.teacherId}`, read_at: null })]);

    // Away: one mail, whichever run claims it.
    minutes(5);
    await Promise.all([jobs(), jobs()]);
    const [mail] = await messageMails();
    expect(mail!.text).toContain('New message from Amara Okafor: “Are you there?”.');
    expect(mail!.text).toContain(`Reply: https://academy.example/messages/${ids.teacherId}`);
    // Within the hour and still unread: no second mail.
    await send('Still waiting');
    minutes(6);
    await jobs();
    expect(await messageMails()).toHaveLength(1);

    // Read, then a message read within the 5 minutes (the reader is here): none.
    await read();
    await send('Quick question');
    await read();
    minutes(6);
    await jobs();
    expect(await messageMails()).toHaveLength(1);
    // Read since the last mail, then away again: a mail.
    await send('Thanks for reading');
    minutes(6);
    await jobs();
    expect(await messageMails()).toHaveLength(2);

    // Unread: the next mail only an hour after the last.
    await send('One more thing');
    minutes(6);
    await jobs();
    expect(await messageMails()).toHaveLength(2);
    minutes(60);
    await send('Hello again');
    minutes(6);
    await jobs();
    expect(await messageMails()).toHaveLength(3);
  });

  it('sends a reminder a day before an unanswered assignment is due, once across two runs at once', async () => {
    const assignmentId = await assign({ title: 'Due soon', due_at: new Date(Date.now() + 30 * hour).toISOString() });
    const reminders = () => mailsTo(studentMail, /^Due tomorrow: Due soon$/);
    await jobs();
    expect(await reminders()).toHaveLength(0);

    passTime(7 * hour);
    await Promise.all([jobs(), jobs()]);
    await jobs();
    expect(await reminders()).toHaveLength(1);
    const rows = (await list(maria, 'student', ids.studentId)).notifications.filter((item) => item.kind === 'due_reminder');
    expect(rows).toEqual([expect.objectContaining({ link: `/my-assignments/${assignmentId}` })]);
  });

  it("shows the teacher each enrolment and mails one digest of the day's enrolments the next day, once across two runs at once", async () => {
    const course = ids.courses.Pidgin!;
    expect((await kofi.post('/api/student-enroll-course/', { form: { course: course.id, student: ids.otherStudentId } })).status).toBe(201);
    // Kwame teaches it.
    expect(course.teacherId).toBe(ids.otherTeacherId);
    expect((await list(kwame, 'teacher', ids.otherTeacherId)).notifications[0]).toMatchObject({
      kind: 'enrolment',
      text: 'Kofi Boateng enrolled in “Pidgin English Everyday Talk”',
      link: `/enrolled-students/${course.id}`,
    });
    const digests = () => mailsTo('kwame@academy.test', /new enrolments? on /);
    await jobs();
    expect(await digests()).toHaveLength(0);

    passTime(day);
    await Promise.all([jobs(), jobs()]);
    await jobs();
    const sent = await digests();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toMatch(/^- Kofi .* in /m);
  });
});
