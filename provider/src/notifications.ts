/**
 * Telling people what happened (issue 37): a row in `notifications` per event and recipient (the
 * in-app list behind the header's bell) and a mail unless the person turned that kind of mail off.
 *
 * The events are hooked where the provider already handles them (assignments, answers, feedback,
 * messages, enrolments); the reminders a day before an assignment is due and the teachers' daily
 * digest of enrolments are sent by a job each instance runs on a timer. Every guard is decided by
 * the write itself, so several instances on one database send each mail once: a reminder or a
 * digest by the INSERT of its key into `notification_jobs` (the unique key lets one in), a
 * conversation's mail by a conditional UPDATE of its row (sent by the job when the conversation is
 * still unread five minutes after the message, the reader being away; at most one an hour while
 * it stays unread).
 *
 * Every notification mail carries a one-click unsubscribe (RFC 8058) whose token is an HMAC of the
 * person and the kind: `POST /api/unsubscribe/{token}/` turns that kind off without a login; `GET`
 * only shows a page with the button that posts.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { safeEqual } from './auth';
import { type ProviderConfig } from './config';
import { type Queries } from './database';
import { now } from './db';
import { type Outbox } from './mail';
import { type MailLog, consoleMailLog, escapeHtml } from './mailDelivery';
import { type NotificationRow } from './rows.generated';
import { apiBase } from './router';

export type NotificationRole = 'student' | 'teacher';

declare module 'fastify' {
  interface FastifyInstance {
    /** The provider's notifications (its jobs can be run at once: `app.notifications.runJobs()`). */
    notifications: Notifications;
  }
}

/** The kinds of mail each side gets, all on by default; each can be turned off. */
export const mailKinds = {
  student: ['new_assignment', 'due_reminder', 'feedback', 'message'],
  teacher: ['new_answer', 'message', 'enrolment_digest'],
} as const satisfies Record<NotificationRole, readonly string[]>;

export type MailKind = (typeof mailKinds)[NotificationRole][number];

/** What each kind of mail is, for the unsubscribe page. */
const kindNames: Record<MailKind, string> = {
  new_assignment: 'new assignments',
  due_reminder: 'reminders of assignments due',
  feedback: 'feedback and marks on your answers',
  message: 'new messages',
  new_answer: 'new answers to mark',
  enrolment_digest: 'the daily digest of new enrolments',
};

/** The app's screens the notifications link to (src/config/routePatterns.ts). */
const appPaths = {
  studentAssignment: (id: number) => `/my-assignments/${id}`,
  studentConversation: (teacherId: number) => `/messages/${teacherId}`,
  teacherAssignment: (id: number) => `/teacher-assignment/${id}`,
  teacherConversation: (studentId: number) => `/teacher-messages/${studentId}`,
  enrolledStudents: (courseId: number) => `/enrolled-students/${courseId}`,
  teacherCourses: '/teacher-courses',
  profile: { student: '/profile-setting', teacher: '/teacher-profile-setting' } as Record<NotificationRole, string>,
};

const hourMs = 60 * 60 * 1000;
/**
 * How long after a message its mail waits: if the reader reads the conversation (or the
 * notification) by then they are not away, and none goes. The job runs each minute, so the mail
 * goes 5 to 6 minutes after the message.
 */
const messageMailDelayMs = 5 * 60 * 1000;
const dayMs = 24 * hourMs;
/** Longest quote of a message or title in a notification's text. */
const quoteLength = 80;

const marks: Record<string, string> = { needs_work: 'needs work', good: 'good', excellent: 'excellent' };

export interface NotificationItem {
  id: number;
  kind: string;
  text: string;
  link: string;
  created_at: string;
  read_at: string | null;
}

interface Person {
  full_name: string;
  email: string;
}

interface NewNotification {
  role: NotificationRole;
  personId: number;
  kind: string;
  subjectKey: string;
  assignmentId?: number;
  courseId?: number;
  otherPersonId?: number;
  text: string;
  link: string;
}

interface NotificationMail {
  role: NotificationRole;
  personId: number;
  kind: MailKind;
  subject: string;
  /** The body above the footer (greeting added). */
  lines: string[];
}

export class Notifications {
  log: MailLog = consoleMailLog;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private secret: Promise<string> | null = null;

  constructor(
    private readonly queries: Queries,
    private readonly outbox: Outbox,
    private readonly config: Pick<ProviderConfig, 'appOrigin' | 'unsubscribeSecret' | 'notificationIntervalMs'>,
    private readonly academyName: string,
  ) {}

  /** Runs the jobs every `notificationIntervalMs` (the timer does not keep the process alive). */
  start(log?: MailLog): void {
    if (log) this.log = log;
    if (this.timer) return;
    this.timer = setInterval(() => {
      // One run at a time in this instance; other instances are kept off by the keys.
      if (this.running) return;
      this.running = this.runJobs()
        .catch((error: unknown) => this.log.error({ err: error }, 'notification jobs failed'))
        .finally(() => (this.running = null));
    }, this.config.notificationIntervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  // ---- events ---------------------------------------------------------------------------------

  /** A teacher gave a student an assignment: the student hears of it, with its due date. */
  async assignmentCreated(assignmentId: number): Promise<void> {
    await this.guarded(async () => {
      const row = await this.assignment(assignmentId);
      if (!row) return;
      const due = row.due_at ? ` (due ${dateText(row.due_at)})` : '';
      const link = appPaths.studentAssignment(row.id);
      await this.notify(
        { role: 'student', personId: row.student_id, kind: 'new_assignment', subjectKey: `assignment:${row.id}`, assignmentId: row.id, text: `New assignment from ${row.teacher_name}: ${quote(row.title)}${due}`, link },
        {
          subject: `New assignment: ${short(row.title)}`,
          lines: [`${row.teacher_name} gave you a new assignment: ${row.title}.`, ...(row.due_at ? [`It is due ${dateText(row.due_at)}.`] : []), '', `Open it: ${this.url(link)}`],
        },
      );
    });
  }

  /** A student handed in an answer: the teacher has one more to mark. */
  async answerHandedIn(assignmentId: number): Promise<void> {
    await this.guarded(async () => {
      const row = await this.assignment(assignmentId);
      if (!row) return;
      const link = appPaths.teacherAssignment(row.id);
      await this.notify(
        { role: 'teacher', personId: row.teacher_id, kind: 'new_answer', subjectKey: `answer:${row.id}`, assignmentId: row.id, otherPersonId: row.student_id, text: `${row.student_name} handed in ${quote(row.title)}`, link },
        { subject: `New answer to mark: ${short(row.title)}`, lines: [`${row.student_name} handed in an answer to ${row.title}.`, '', `Mark it: ${this.url(link)}`] },
      );
    });
  }

  /** A teacher gave feedback or a mark on an answer: the student hears of it. */
  async feedbackGiven(assignmentId: number): Promise<void> {
    await this.guarded(async () => {
      const row = await this.assignment(assignmentId);
      if (!row) return;
      const mark = row.feedback_mark === null ? '' : ` Mark: ${row.mark_scale === 'percent' ? `${row.feedback_mark}%` : (marks[row.feedback_mark] ?? row.feedback_mark)}.`;
      const link = appPaths.studentAssignment(row.id);
      await this.notify(
        { role: 'student', personId: row.student_id, kind: 'feedback', subjectKey: `feedback:${row.id}`, assignmentId: row.id, otherPersonId: row.teacher_id, text: `${row.teacher_name} gave feedback on ${quote(row.title)}.${mark}`, link },
        { subject: `Feedback on ${short(row.title)}`, lines: [`${row.teacher_name} gave feedback on your answer to ${row.title}.${mark}`, '', `Read it: ${this.url(link)}`] },
      );
    });
  }

  /**
   * Messages were sent (one, or a group message's): each recipient's conversation row is updated
   * and unread again, and its mail is due in `messageMailDelayMs` (the job sends it if the
   * conversation is still unread then: the reader is away) unless that conversation was mailed in
   * the last hour and has not been read since, or a mail is already due.
   */
  async messagesSent(messages: readonly { teacherId: number; studentId: number; from: NotificationRole; text: string | null }[]): Promise<void> {
    for (const message of messages) {
      await this.guarded(async () => {
        const to: NotificationRole = message.from === 'teacher' ? 'student' : 'teacher';
        const personId = to === 'student' ? message.studentId : message.teacherId;
        const otherId = to === 'student' ? message.teacherId : message.studentId;
        const sender = await this.person(message.from, otherId);
        if (!sender) return;
        const link = to === 'student' ? appPaths.studentConversation(otherId) : appPaths.teacherConversation(otherId);
        const said = message.text?.trim() ? quote(message.text) : 'a voice note';
        const subjectKey = `conversation:${message.teacherId}:${message.studentId}`;
        const moment = now();
        await this.queries.run(
          sql`INSERT INTO notifications (role, person_id, kind, subject_key, other_person_id, text, link, created_at)
              VALUES (${to}, ${personId}, 'message', ${subjectKey}, ${otherId}, ${`New message from ${sender.full_name}: ${said}`}, ${link}, ${moment})
              ON CONFLICT (role, person_id, subject_key) DO UPDATE SET text = excluded.text, created_at = excluded.created_at, read_at = NULL`,
        );
        if (!(await this.mailOn(to, personId, 'message'))) return;
        await this.queries.run(
          sql`UPDATE notifications SET mail_due_at = ${new Date(Date.parse(moment) + messageMailDelayMs).toISOString()}
              WHERE role = ${to} AND person_id = ${personId} AND subject_key = ${subjectKey} AND mail_due_at IS NULL
                AND (mailed_at IS NULL OR mailed_at <= ${new Date(Date.parse(moment) - hourMs).toISOString()})`,
        );
      });
    }
  }

  /** `reader` read the conversation: its notification is read, and the next message mails again. */
  async conversationRead(teacherId: number, studentId: number, reader: NotificationRole): Promise<void> {
    await this.guarded(() =>
      this.queries.run(
        sql`UPDATE notifications SET read_at = COALESCE(read_at, ${now()}), mailed_at = NULL, mail_due_at = NULL
            WHERE role = ${reader} AND person_id = ${reader === 'student' ? studentId : teacherId}
              AND subject_key = ${`conversation:${teacherId}:${studentId}`}`,
      ),
    );
  }

  /** A student enrolled in a course (after the enrolment is written): the teacher's list shows it; the mail comes in the daily digest. */
  async enrolled(studentId: number, courseId: number): Promise<void> {
    await this.guarded(async () => {
      const row = await this.queries.one(
        sql<{ teacher_id: number; title: string; full_name: string }>`SELECT c.teacher_id, c.title, s.full_name
          FROM courses c JOIN students s ON s.id = ${studentId} WHERE c.id = ${courseId}`,
      );
      if (!row) return;
      await this.insert({
        role: 'teacher',
        personId: row.teacher_id,
        kind: 'enrolment',
        subjectKey: `enrolment:${courseId}:${studentId}`,
        courseId,
        otherPersonId: studentId,
        text: `${row.full_name} enrolled in ${quote(row.title)}`,
        link: appPaths.enrolledStudents(courseId),
      });
    });
  }

  // ---- the jobs -------------------------------------------------------------------------------

  /** Sends the conversation mails, reminders now due and yesterday's enrolment digests; safe to run on many instances at once. */
  async runJobs(): Promise<void> {
    await this.sendMessageMails();
    await this.sendReminders();
    await this.sendDigests();
  }

  /** The mails of conversations still unread a few minutes after their message; each claimed by the UPDATE that clears its due time. */
  private async sendMessageMails(): Promise<void> {
    const moment = now();
    const due = await this.queries.all(
      sql<Pick<NotificationRow, 'id' | 'role' | 'person_id' | 'other_person_id' | 'text' | 'link'>>`SELECT id, role, person_id, other_person_id, text, link
        FROM notifications WHERE mail_due_at IS NOT NULL AND mail_due_at <= ${moment} ORDER BY mail_due_at, id`,
    );
    for (const row of due) {
      const claimed = await this.queries.run(
        sql`UPDATE notifications SET mail_due_at = NULL, mailed_at = ${moment}
            WHERE id = ${row.id} AND mail_due_at IS NOT NULL AND mail_due_at <= ${moment} AND read_at IS NULL`,
      );
      if (claimed !== 1) continue;
      await this.guarded(async () => {
        const role = row.role as NotificationRole;
        const sender = row.other_person_id === null ? undefined : await this.person(role === 'student' ? 'teacher' : 'student', row.other_person_id);
        if (!sender || !(await this.mailOn(role, row.person_id, 'message'))) return;
        await this.mail({
          role,
          personId: row.person_id,
          kind: 'message',
          subject: `New message from ${sender.full_name}`,
          lines: [`${row.text}.`, '', `Reply: ${this.url(row.link)}`],
        });
      });
    }
  }

  /**
   * A reminder for each assignment due within a day that has no answer yet, given more than a day
   * before it was due (otherwise its own notification said when it is due).
   */
  private async sendReminders(): Promise<void> {
    const moment = now();
    const rows = await this.queries.all(
      sql<{ id: number; created_at: string; due_at: string }>`SELECT a.id, a.created_at, a.due_at FROM assignments a
        WHERE a.due_at IS NOT NULL AND a.due_at > ${moment} AND a.due_at <= ${new Date(Date.parse(moment) + dayMs).toISOString()}
          AND a.student_status = 0
          AND NOT EXISTS (SELECT 1 FROM notification_jobs j WHERE j.job_key = 'reminder:' || CAST(a.id AS TEXT))
        ORDER BY a.id`,
    );
    for (const candidate of rows) {
      if (Date.parse(candidate.due_at) - Date.parse(candidate.created_at) <= dayMs) continue;
      if (!(await this.claim(`reminder:${candidate.id}`))) continue;
      await this.guarded(async () => {
        const row = await this.assignment(candidate.id);
        if (!row?.due_at) return;
        const link = appPaths.studentAssignment(row.id);
        await this.notify(
          { role: 'student', personId: row.student_id, kind: 'due_reminder', subjectKey: `reminder:${row.id}`, assignmentId: row.id, text: `${quote(row.title)} is due ${dateText(row.due_at)}`, link },
          { subject: `Due tomorrow: ${short(row.title)}`, lines: [`Your assignment ${row.title} is due ${dateText(row.due_at)} and has no answer yet.`, '', `Open it: ${this.url(link)}`] },
        );
      });
    }
  }

  /** Each teacher's enrolments of yesterday (UTC), in one mail, once; none when there were none. */
  private async sendDigests(): Promise<void> {
    const today = new Date(now().slice(0, 10) + 'T00:00:00.000Z');
    const yesterday = new Date(today.getTime() - dayMs);
    const day = yesterday.toISOString().slice(0, 10);
    const rows = await this.queries.all(
      sql<{ teacher_id: number; course_id: number; title: string; full_name: string }>`SELECT c.teacher_id, c.id AS course_id, c.title, s.full_name
        FROM enrollments e JOIN courses c ON c.id = e.course_id JOIN students s ON s.id = e.student_id
        WHERE e.enrolled_at >= ${yesterday.toISOString()} AND e.enrolled_at < ${today.toISOString()}
          AND NOT EXISTS (SELECT 1 FROM notification_jobs j WHERE j.job_key = 'digest:' || CAST(c.teacher_id AS TEXT) || ${`:${day}`})
        ORDER BY c.teacher_id, c.title, s.full_name`,
    );
    const byTeacher = new Map<number, typeof rows>();
    for (const row of rows) byTeacher.set(row.teacher_id, [...(byTeacher.get(row.teacher_id) ?? []), row]);
    for (const [teacherId, enrolments] of byTeacher) {
      if (!(await this.claim(`digest:${teacherId}:${day}`))) continue;
      await this.guarded(async () => {
        if (!(await this.mailOn('teacher', teacherId, 'enrolment_digest'))) return;
        const count = enrolments.length;
        await this.mail({
          role: 'teacher',
          personId: teacherId,
          kind: 'enrolment_digest',
          subject: `${count} new enrolment${count === 1 ? '' : 's'} on ${day}`,
          lines: [
            `New enrolments in your courses on ${day}:`,
            ...enrolments.map((row) => `- ${row.full_name} in ${row.title}`),
            '',
            `Your courses: ${this.url(appPaths.teacherCourses)}`,
          ],
        });
      });
    }
  }

  /** Takes a job's key; true for the one instance whose INSERT landed. */
  private async claim(key: string): Promise<boolean> {
    const won = await this.queries.run(sql`INSERT INTO notification_jobs (job_key, done_at) VALUES (${key}, ${now()}) ON CONFLICT (job_key) DO NOTHING`);
    return won === 1;
  }

  // ---- the person's reads and settings ----------------------------------------------------------

  /** The newest `limit` notifications after `offset`, the total and the unread count. */
  async list(role: NotificationRole, personId: number, limit: number, offset: number): Promise<{ total: number; unread: number; notifications: NotificationItem[] }> {
    const counts = (await this.queries.one(
      sql<{ total: number; unread: number | null }>`SELECT COUNT(*) AS total, SUM(CASE WHEN read_at IS NULL THEN 1 ELSE 0 END) AS unread
        FROM notifications WHERE role = ${role} AND person_id = ${personId}`,
    )) ?? { total: 0, unread: 0 };
    const rows = await this.queries.all(
      sql<Pick<NotificationRow, 'id' | 'kind' | 'text' | 'link' | 'created_at' | 'read_at'>>`SELECT id, kind, text, link, created_at, read_at
        FROM notifications WHERE role = ${role} AND person_id = ${personId}
        ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
    return { total: Number(counts.total), unread: Number(counts.unread ?? 0), notifications: rows };
  }

  /** Marks the person's notifications read (all, or those of `ids`); answers how many were newly marked. */
  async markRead(role: NotificationRole, personId: number, ids: readonly number[] | null): Promise<number> {
    if (ids !== null && ids.length === 0) return 0;
    const which = ids === null ? sql`` : sql`AND id IN (${sql.join(ids.map((id) => sql`${id}`))})`;
    // Read in the list: the person is here, so a conversation's mail still due is not sent.
    return this.queries.run(
      sql`UPDATE notifications SET read_at = ${now()}, mail_due_at = NULL WHERE role = ${role} AND person_id = ${personId} AND read_at IS NULL ${which}`,
    );
  }

  /** Which kinds of mail the person gets. */
  async settings(role: NotificationRole, personId: number): Promise<{ kind: MailKind; mail: boolean }[]> {
    const off = new Set(
      (await this.queries.all(sql<{ kind: string }>`SELECT kind FROM notification_mail_off WHERE role = ${role} AND person_id = ${personId}`)).map((row) => row.kind),
    );
    return mailKinds[role].map((kind) => ({ kind, mail: !off.has(kind) }));
  }

  /** Saves the choices given (kinds not given keep theirs). */
  async saveSettings(role: NotificationRole, personId: number, choices: Partial<Record<MailKind, boolean>>): Promise<void> {
    await this.queries.transaction(async (tx) => {
      for (const kind of mailKinds[role]) {
        const mail = choices[kind];
        if (mail === undefined) continue;
        await tx.run(
          mail
            ? sql`DELETE FROM notification_mail_off WHERE role = ${role} AND person_id = ${personId} AND kind = ${kind}`
            : sql`INSERT INTO notification_mail_off (role, person_id, kind) VALUES (${role}, ${personId}, ${kind}) ON CONFLICT (role, person_id, kind) DO NOTHING`,
        );
      }
    });
  }

  // ---- unsubscribe ----------------------------------------------------------------------------

  /** The token of one person's one kind of mail: `role.id.kind.signature`. */
  async unsubscribeToken(role: NotificationRole, personId: number, kind: MailKind): Promise<string> {
    const payload = `${role}.${personId}.${kind}`;
    return `${payload}.${await this.sign(payload)}`;
  }

  /** What a token unsubscribes from, or null when it is not one of ours. */
  async readToken(token: string): Promise<{ role: NotificationRole; personId: number; kind: MailKind } | null> {
    const match = /^(student|teacher)\.(\d{1,15})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [, role, id, kind, signature] = match as unknown as [string, NotificationRole, string, MailKind, string];
    if (!(mailKinds[role] as readonly string[]).includes(kind)) return null;
    if (!safeEqual(signature, await this.sign(`${role}.${id}.${kind}`))) return null;
    return { role, personId: Number(id), kind };
  }

  /** Turns the token's kind off; false for a token that is not one of ours. */
  async unsubscribe(token: string): Promise<{ kind: MailKind } | null> {
    const read = await this.readToken(token);
    if (!read) return null;
    await this.saveSettings(read.role, read.personId, { [read.kind]: false });
    return { kind: read.kind };
  }

  private async sign(payload: string): Promise<string> {
    return createHmac('sha256', await this.key())
      .update(`unsubscribe:${payload}`)
      .digest('base64url');
  }

  /** UNSUBSCRIBE_SECRET, else the database's own (made once, by whichever instance's INSERT lands first). */
  private key(): Promise<string> {
    if (this.config.unsubscribeSecret !== null) return Promise.resolve(this.config.unsubscribeSecret);
    this.secret ??= (async () => {
      await this.queries.run(
        sql`INSERT INTO provider_secrets (name, value) VALUES ('unsubscribe', ${randomBytes(32).toString('base64url')}) ON CONFLICT (name) DO NOTHING`,
      );
      const row = await this.queries.one(sql<{ value: string }>`SELECT value FROM provider_secrets WHERE name = 'unsubscribe'`);
      if (!row) throw new Error('The unsubscribe secret could not be kept.');
      return row.value;
    })();
    this.secret.catch(() => (this.secret = null));
    return this.secret;
  }

  // ---- helpers --------------------------------------------------------------------------------

  /** The row, and the mail unless the person turned its kind off. */
  private async notify(notification: NewNotification, mail: Omit<NotificationMail, 'role' | 'personId' | 'kind'>): Promise<void> {
    await this.insert(notification);
    const kind = notification.kind as MailKind;
    if (!(await this.mailOn(notification.role, notification.personId, kind))) return;
    await this.mail({ ...mail, role: notification.role, personId: notification.personId, kind });
  }

  /** Writes the row; a second event about the same subject (feedback given again) updates it and makes it unread. */
  private async insert(row: NewNotification): Promise<void> {
    await this.queries.run(
      sql`INSERT INTO notifications (role, person_id, kind, subject_key, assignment_id, course_id, other_person_id, text, link, created_at)
          VALUES (${row.role}, ${row.personId}, ${row.kind}, ${row.subjectKey}, ${row.assignmentId ?? null}, ${row.courseId ?? null},
                  ${row.otherPersonId ?? null}, ${row.text}, ${row.link}, ${now()})
          ON CONFLICT (role, person_id, subject_key) DO UPDATE SET text = excluded.text, created_at = excluded.created_at, read_at = NULL`,
    );
  }

  private async mailOn(role: NotificationRole, personId: number, kind: MailKind): Promise<boolean> {
    const off = await this.queries.one(
      sql<{ kind: string }>`SELECT kind FROM notification_mail_off WHERE role = ${role} AND person_id = ${personId} AND kind = ${kind}`,
    );
    return off === undefined;
  }

  private async mail({ role, personId, kind, subject, lines }: NotificationMail): Promise<void> {
    const person = await this.person(role, personId);
    if (!person) return;
    const unsubscribeUrl = `${this.config.appOrigin}${apiBase}/unsubscribe/${await this.unsubscribeToken(role, personId, kind)}/`;
    await this.outbox.send({
      to: person.email,
      subject,
      text: [
        `Hello ${person.full_name},`,
        '',
        ...lines,
        '',
        '--',
        `You get this mail from ${this.academyName} about ${kindNames[kind]}.`,
        `Stop these mails: ${unsubscribeUrl}`,
        `Choose your mails: ${this.url(appPaths.profile[role])}`,
      ].join('\n'),
      unsubscribeUrl,
    });
  }

  private url(path: string): string {
    return `${this.config.appOrigin}${path}`;
  }

  private person(role: NotificationRole, id: number): Promise<Person | undefined> {
    return role === 'student'
      ? this.queries.one(sql<Person>`SELECT full_name, email FROM students WHERE id = ${id}`)
      : this.queries.one(sql<Person>`SELECT full_name, email FROM teachers WHERE id = ${id}`);
  }

  private assignment(id: number) {
    return this.queries.one(
      sql<{
        id: number;
        title: string;
        due_at: string | null;
        student_id: number;
        teacher_id: number;
        feedback_mark: string | null;
        mark_scale: string;
        student_name: string;
        teacher_name: string;
      }>`SELECT a.id, a.title, a.due_at, a.student_id, a.teacher_id, a.feedback_mark, a.mark_scale,
           s.full_name AS student_name, t.full_name AS teacher_name
         FROM assignments a JOIN students s ON s.id = a.student_id JOIN teachers t ON t.id = a.teacher_id
         WHERE a.id = ${id}`,
    );
  }

  /** An event's notification never fails the request that caused it: a failure is logged. */
  private async guarded(work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.log.error({ err: error }, 'a notification could not be written or mailed');
    }
  }
}

/** A date and time as mails and notifications show it: `30 Nov 2026, 18:00 UTC`. */
function dateText(iso: string): string {
  return `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC`;
}

function short(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > quoteLength ? `${clean.slice(0, quoteLength - 1)}…` : clean;
}

function quote(text: string): string {
  return `“${short(text)}”`;
}

/** The page `GET /api/unsubscribe/{token}/` shows, and the one its button's POST answers. */
function page(title: string, body: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5;">',
    `<h1 style="font-size: 1.5rem;">${escapeHtml(title)}</h1>`,
    body,
    '</body>',
    '</html>',
  ].join('\n');
}

/**
 * The one-click unsubscribe, outside api-spec.yaml as the checkout pages are (mail clients and a
 * browser call them, not the app): `POST` (RFC 8058: the mail client posts
 * `List-Unsubscribe=One-Click`, no cookie, no XSRF token: the signed token is the credential)
 * turns the kind off; `GET` changes nothing (a mail scanner follows links) and shows the button.
 */
export function registerUnsubscribeRoutes(app: FastifyInstance, notifications: Notifications): void {
  const headers = {
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
  const unknown = page('Link not recognised', '<p>This unsubscribe link is not valid. Choose your mails in your profile instead.</p>');

  app.get<{ Params: { token: string } }>(`${apiBase}/unsubscribe/:token/`, async (request, reply) => {
    const read = await notifications.readToken(request.params.token);
    reply.headers(headers).type('text/html; charset=utf-8');
    if (!read) return reply.code(404).send(unknown);
    return reply.send(
      page(
        'Unsubscribe',
        `<p>Stop mails about ${escapeHtml(kindNames[read.kind])}? You can turn them on again in your profile.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
      ),
    );
  });

  app.post<{ Params: { token: string } }>(`${apiBase}/unsubscribe/:token/`, { config: { xsrf: 'form-field' } }, async (request, reply) => {
    const done = await notifications.unsubscribe(request.params.token);
    reply.headers(headers).type('text/html; charset=utf-8');
    if (!done) return reply.code(404).send(unknown);
    return reply.send(page('Unsubscribed', `<p>You will no longer get mails about ${escapeHtml(kindNames[done.kind])}.</p>`));
  });
}
