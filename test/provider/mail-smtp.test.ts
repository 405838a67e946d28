/**
 * Mail over SMTP (SMTP_URL, MAIL_FROM): the outbox as a queue each provider instance delivers in
 * the background, read here from a real SMTP server (smtp-server) this suite starts on a loopback
 * port, each message parsed with mailparser. Retries wait milliseconds here (`mailRetryDelaysMs`).
 */
import type net from 'node:net';
import { sql } from 'kysely';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { type Queries } from '../../provider/src/database';
import { mailConfigOf } from '../../provider/src/mailConfig';
import { type OutboxRow } from '../../provider/src/rows.generated';
import { freePort } from '../../scripts/localProvider';
import { type RunningProvider, type StartOptions, demoLogins, inDatabase, startProvider } from './support';

interface TestSmtp {
  port: number;
  /** The messages accepted, in order. */
  received: ParsedMail[];
  /** Every DATA the server was offered, accepted or refused. */
  offered: number;
  /** Resolves once `count` messages were accepted (fails the test after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/**
 * An SMTP server on 127.0.0.1 (`port`, else a free one) that wants the login academy / secret,
 * refuses the messages `refuse` picks (by their order, from 1) with a temporary 451, and the
 * recipients at `unknown.example` with a lasting 550.
 */
async function startSmtp({ port = 0, refuse = () => false }: { port?: number; refuse?: (offer: number) => boolean } = {}): Promise<TestSmtp> {
  const state = { received: [] as ParsedMail[], offered: 0 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'academy' && auth.password === 'secret') callback(null, { user: 'academy' });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@unknown.example')) callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          state.offered += 1;
          if (refuse(state.offered)) {
            callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
            return;
          }
          state.received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = (server as unknown as { server: net.Server }).server.address() as net.AddressInfo;
  return {
    port: address.port,
    received: state.received,
    get offered() {
      return state.offered;
    },
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (state.received.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} mails over SMTP, got ${state.received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return state.received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const mailFrom = 'Language Academy <no-reply@academy.example>';
const smtpOptions = (port: number): StartOptions => ({
  smtpUrl: `smtp://academy:secret@127.0.0.1:${port}`,
  mailFrom,
  mailRetryDelaysMs: [200, 200],
  mailPollIntervalMs: 200,
});

const outboxRows = (provider: RunningProvider) =>
  inDatabase(provider, (queries) => queries.all(sql<OutboxRow>`SELECT * FROM outbox ORDER BY id`));

/** Waits until `check` holds for the provider's outbox rows (read through one connection). */
function outboxWhere(provider: RunningProvider, check: (rows: OutboxRow[]) => boolean, timeoutMs = 5000): Promise<OutboxRow[]> {
  const deadline = Date.now() + timeoutMs;
  return inDatabase(provider, async (queries) => {
    for (;;) {
      const rows = await queries.all(sql<OutboxRow>`SELECT * FROM outbox ORDER BY id`);
      if (check(rows)) return rows;
      if (Date.now() > deadline) throw new Error(`The outbox did not get there: ${JSON.stringify(rows.map(({ state, attempts }) => ({ state, attempts })))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
}

async function registerStudent(provider: RunningProvider, email: string) {
  const { status } = await provider.client().post('/api/student/', {
    form: { full_name: 'Ada <Lovelace> & Co', email, password: 'pass-1234', username: email.split('@')[0]! },
  });
  expect(status).toBe(201);
}

describe('mail over SMTP', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    // Failed attempts are written to the console without a logger: kept off the test output, and read.
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  it('sends a registering student the code mail: From MAIL_FROM, To, Subject, text and HTML, one Message-ID', async () => {
    const smtp = await startSmtp();
    const printed = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const provider = await startProvider({ ...smtpOptions(smtp.port), logMail: true });
    try {
      await registerStudent(provider, 'ada@example.org');
      // A mail sent over SMTP is not printed: its code stays out of the logs.
      expect(printed).not.toHaveBeenCalled();
      const [mail] = await smtp.waitFor(1);
      const kept = await provider.client().lastMailTo('ada@example.org');

      expect(mail!.from?.value).toEqual([{ name: 'Language Academy', address: 'no-reply@academy.example' }]);
      expect(mail!.to).toEqual(expect.objectContaining({ value: [{ name: '', address: 'ada@example.org' }] }));
      expect(mail!.subject).toBe('Your Language Academy verification code');
      expect(mail!.text?.trim()).toBe(kept.text);
      expect(mail!.text).toContain(`Use the code ${kept.code} to verify your account.`);
      // The text, escaped, in paragraphs.
      expect(mail!.html).toContain('<p>Hello Ada &lt;Lovelace&gt; &amp; Co,</p>');
      expect(mail!.html).toContain(`<p>Use the code ${kept.code} to verify your account. It expires in 10 minutes.</p>`);
      expect(mail!.headers.get('auto-submitted')).toBe('auto-generated');
      // A mail without an invitation has no calendar part, nor any other.
      expect(mail!.attachments).toEqual([]);

      const [row] = await outboxWhere(provider, (rows) => rows[0]?.state === 'sent');
      expect(row).toEqual(expect.objectContaining({ state: 'sent', attempts: 1, last_error: null, claimed_until: null, sent_at: expect.any(String) }));
      expect(mail!.messageId).toBe(row!.message_id);
      expect(smtp.offered).toBe(1);
    } finally {
      printed.mockRestore();
      await provider.stop();
      await smtp.close();
    }
  });

  it('sends a lesson mail\'s invitation as its text/calendar part, METHOD as its method, and as lesson.ics', async () => {
    const smtp = await startSmtp();
    const provider = await startProvider(smtpOptions(smtp.port));
    const inTransaction = (work: (tx: Queries) => Promise<void>) => inDatabase(provider, (queries) => queries.transaction(work));
    try {
      const lessonId = await inDatabase(provider, async (queries) => {
        const row = await queries.one(
          sql<{ id: number }>`INSERT INTO lessons (teacher_id, student_id, title, minutes, price, starts_at, ends_at, cancellation_hours, status, created_at)
            VALUES ((SELECT id FROM teachers WHERE email = ${demoLogins.teacher.email}), (SELECT id FROM students WHERE email = ${demoLogins.student.email}),
                    'Conversation practice', 50, '20.00', '2030-01-07T09:00:00.000Z', '2030-01-07T09:50:00.000Z', 24, 'booked', ${new Date().toISOString()})
            RETURNING id`,
        );
        return Number(row!.id);
      });
      await inTransaction((tx) => provider.app.lessonMails.booked(tx, lessonId));
      await inTransaction(async (tx) => {
        await tx.run(sql`UPDATE lessons SET status = 'cancelled', cancelled_by = 'student', refund = 'full', sequence = sequence + 1 WHERE id = ${lessonId}`);
        await provider.app.lessonMails.cancelled(tx, lessonId);
      });
      const received = await smtp.waitFor(4);
      const sent = (subject: RegExp) => received.filter((mail) => subject.test(mail.subject ?? ''));
      for (const [mails, method] of [[sent(/^Lesson booked: /), 'REQUEST'], [sent(/^Lesson cancelled: /), 'CANCEL']] as const) {
        expect(mails.map((mail) => (mail.to as { text: string }).text).sort()).toEqual([demoLogins.student.email, demoLogins.teacher.email]);
        for (const mail of mails) {
          const [part, file] = mail.attachments;
          expect(part).toEqual(expect.objectContaining({ contentType: 'text/calendar' }));
          expect(part!.headers.get('content-type')).toEqual(expect.objectContaining({ params: expect.objectContaining({ method }) }));
          const text = part!.content.toString();
          expect(text).toMatch(new RegExp(`\r\nMETHOD:${method}\r\n`));
          expect(text).toContain(`\r\nUID:lesson-${lessonId}@academy.example\r\n`);
          expect(file).toEqual(expect.objectContaining({ filename: 'lesson.ics', contentDisposition: 'attachment' }));
          expect(file!.content.toString()).toBe(text);
          // The text and HTML bodies as any mail's.
          expect(mail.text).toContain('Your lessons: http://localhost:8080/');
          expect(mail.html).toContain('<p>Hello ');
        }
      }
    } finally {
      await provider.stop();
      await smtp.close();
    }
  });

  it('tries again after a temporary refusal (451) and delivers the mail once, the failure logged', async () => {
    const smtp = await startSmtp({ refuse: (offer) => offer === 1 });
    const provider = await startProvider(smtpOptions(smtp.port));
    try {
      await registerStudent(provider, 'grace@example.org');
      const [mail] = await smtp.waitFor(1);
      expect(mail!.subject).toBe('Your Language Academy verification code');
      const [row] = await outboxWhere(provider, (rows) => rows[0]?.state === 'sent');
      expect(row).toEqual(expect.objectContaining({ state: 'sent', attempts: 2, last_error: null }));
      expect(errors).toHaveBeenCalledWith(
        '[mail] mail attempt failed: tried again later',
        expect.objectContaining({ to: 'grace@example.org', attempt: 1, error: expect.stringMatching(/^451 /) }),
      );
      // Nothing more arrives: the mail is sent, and only once.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.offered).toBe(2);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await provider.stop();
      await smtp.close();
    }
  });

  it('marks a mail failed after its last attempt, the error kept', async () => {
    const smtp = await startSmtp({ refuse: () => true });
    const provider = await startProvider(smtpOptions(smtp.port));
    try {
      await registerStudent(provider, 'linus@example.org');
      const [row] = await outboxWhere(provider, (rows) => rows[0]?.state === 'failed');
      // The first attempt and one after each of the two delays.
      expect(row).toEqual(expect.objectContaining({ attempts: 3, next_attempt_at: null, last_error: expect.stringMatching(/^451 /) }));
      expect(smtp.offered).toBe(3);
      expect(errors).toHaveBeenLastCalledWith('[mail] mail failed for good: not tried again', expect.objectContaining({ attempt: 3 }));
    } finally {
      await provider.stop();
      await smtp.close();
    }
  });

  it('marks a mail failed at once when the server refuses its recipient for good (550)', async () => {
    const smtp = await startSmtp();
    const provider = await startProvider(smtpOptions(smtp.port));
    try {
      await registerStudent(provider, 'nobody@unknown.example');
      const [row] = await outboxWhere(provider, (rows) => rows[0]?.state === 'failed');
      expect(row).toEqual(expect.objectContaining({ attempts: 1, next_attempt_at: null, last_error: expect.stringMatching(/^550 /) }));
      expect(smtp.offered).toBe(0);
    } finally {
      await provider.stop();
      await smtp.close();
    }
  });

  it('keeps the mails queued while the SMTP server is down, and sends them after a restart on the same data', async () => {
    const port = await freePort();
    const first = await startProvider({ ...smtpOptions(port), mailRetryDelaysMs: [300] });
    let second: RunningProvider | undefined;
    let smtp: TestSmtp | undefined;
    try {
      await registerStudent(first, 'alan@example.org');
      // The first attempt finds nobody listening.
      const [queued] = await outboxWhere(first, (rows) => rows[0]?.attempts === 1 && rows[0].claimed_until === null);
      expect(queued).toEqual(expect.objectContaining({ state: 'queued', last_error: expect.stringMatching(/ECONNREFUSED/) }));
      await first.stop({ removeData: false });

      smtp = await startSmtp({ port });
      second = await startProvider({ ...smtpOptions(port), dataDir: first.dataDir });
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toEqual(expect.objectContaining({ text: 'alan@example.org' }));
      expect(mail!.messageId).toBe(queued!.message_id);
      const [row] = await outboxWhere(second, (rows) => rows[0]?.state === 'sent');
      expect(row!.attempts).toBe(2);
    } finally {
      await (second ?? first).stop();
      await smtp?.close();
    }
  });

  it('sends each mail once when two instances on one database deliver at the same time', async () => {
    const smtp = await startSmtp();
    // The database with a dozen mails queued while no instance ran.
    const setup = await startProvider();
    await inDatabase(setup, async (queries) => {
      for (let index = 1; index <= 12; index += 1) {
        const at = new Date().toISOString();
        await queries.run(
          sql`INSERT INTO outbox (to_address, subject, text, created_at, state, message_id, next_attempt_at)
              VALUES (${`reader${index}@example.org`}, ${`Mail ${index}`}, 'Hello', ${at}, 'queued', ${`<mail-${index}@academy.example>`}, ${at})`,
        );
      }
    });
    await setup.stop({ removeData: false });
    const instances = await Promise.all([1, 2].map(() => startProvider({ ...smtpOptions(smtp.port), dataDir: setup.dataDir })));
    try {
      const received = await smtp.waitFor(12);
      const rows = await outboxWhere(instances[0]!, (all) => all.every((row) => row.state === 'sent'));
      // A little longer: a second copy would arrive now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received.map((mail) => mail.messageId).sort()).toEqual(rows.map((row) => row.message_id).sort());
      expect(new Set(received.map((mail) => mail.messageId)).size).toBe(12);
      expect(rows.map((row) => row.attempts)).toEqual(Array(12).fill(1));
    } finally {
      await instances[1]!.stop({ removeData: false });
      await instances[0]!.stop();
      await smtp.close();
    }
  });

  it('keeps mails in the outbox only, as before, without SMTP_URL; the texts carry ACADEMY_NAME', async () => {
    const provider = await startProvider({ smtpUrl: '', academyName: 'Escuela Sol' });
    try {
      await registerStudent(provider, 'kept@example.org');
      const [row] = await outboxRows(provider);
      expect(row).toEqual(expect.objectContaining({ to_address: 'kept@example.org', state: 'kept', attempts: 0, next_attempt_at: null }));
      expect(row!.subject).toBe('Your Escuela Sol verification code');
      expect(row!.text).toMatch(/\n\nEscuela Sol$/);
    } finally {
      await provider.stop();
    }
  });
});

describe('the mail settings', () => {
  const env = (values: Record<string, string>) => values as NodeJS.ProcessEnv;

  it('are off without SMTP_URL, with the default academy name', () => {
    expect(mailConfigOf({}, env({}))).toEqual({ academyName: 'Language Academy', smtp: null });
  });

  it('take MAIL_FROM as the sender, named after ACADEMY_NAME when it gives an address only', () => {
    const config = mailConfigOf({}, env({ SMTP_URL: 'smtps://u:p@mail.example.org', MAIL_FROM: 'no-reply@sol.example', ACADEMY_NAME: 'Escuela Sol' }));
    expect(config.smtp).toEqual(expect.objectContaining({ url: 'smtps://u:p@mail.example.org', from: { name: 'Escuela Sol', address: 'no-reply@sol.example' } }));
    expect(mailConfigOf({}, env({ SMTP_URL: 'smtp://mail.example.org:587', MAIL_FROM: mailFrom })).smtp?.from).toEqual({
      name: 'Language Academy',
      address: 'no-reply@academy.example',
    });
  });

  it('stop the provider naming the setting: a URL that is not smtp(s), SMTP_URL without a sender', () => {
    expect(() => mailConfigOf({}, env({ SMTP_URL: 'http://mail.example.org', MAIL_FROM: mailFrom }))).toThrow(/^SMTP_URL /);
    expect(() => mailConfigOf({}, env({ SMTP_URL: 'smtp://mail.example.org' }))).toThrow(/^MAIL_FROM /);
    expect(() => mailConfigOf({}, env({ SMTP_URL: 'smtp://mail.example.org', MAIL_FROM: 'a@x.example, b@x.example' }))).toThrow(/^MAIL_FROM /);
  });
});
