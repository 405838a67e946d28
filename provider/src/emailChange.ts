import crypto from 'node:crypto';
import { Accounts, accountMessages, normalizeEmail } from './accounts';
import { type Role, safeEqual } from './auth';
import { codeLifetimeMs, maxCodesPerHour } from './codes';
import { type ProviderContext } from './context';
import { type Db, isoAfter, now } from './db';
import { badRequest } from './errors';
import { type StudentRow, type TeacherRow } from './records';
import { type Handler, type Handlers } from './router';
import { addressKey, tooManyRequests } from './throttle';
import { id, text } from './routes/values';

export const emailChangeMessages = {
  useEmailChange:
    'Your e-mail address is not changed here: confirm the new address with your current password and the code we send to it.',
  sameEmail: 'This is already your e-mail address.',
  codeSent: (email: string) =>
    `We have sent a code to ${email}. Enter it to confirm your new e-mail address; until then your current address stays in use.`,
  wrongCode:
    'The code is wrong or has expired. Please check the latest code we sent to your new e-mail address, or ask for a new one.',
  tooManyCodes: 'Too many codes have been sent for this account.',
} as const;

const maxCodeAttempts = 5;
const hourMs = 60 * 60 * 1000;

interface PendingChange {
  id: number;
  new_email: string;
  code: string;
  attempts: number;
}

/**
 * Pending e-mail changes (migration 10): one live change per account, with the new address and
 * the 6-digit code mailed to it. A code expires after 10 minutes and is burnt after five wrong
 * guesses; an account gets at most `maxCodesPerHour` codes an hour.
 */
export class EmailChanges {
  constructor(private readonly db: Db) {}

  /** A new code for `newEmail` (ending the account's previous change); 429 past the hourly limit. */
  issue(role: Role, userId: number, newEmail: string): string {
    const since = new Date(Date.now() - hourMs).toISOString();
    const recent = this.db
      .prepare(
        'SELECT created_at FROM email_changes WHERE role = ? AND user_id = ? AND created_at > ? ORDER BY created_at',
      )
      .pluck()
      .all(role, userId, since) as string[];
    if (recent.length >= maxCodesPerHour) {
      const oldestAgesOut = Date.parse(recent[recent.length - maxCodesPerHour] as string) + hourMs;
      throw tooManyRequests(Math.ceil((oldestAgesOut - Date.now()) / 1000), emailChangeMessages.tooManyCodes);
    }
    const code = String(crypto.randomInt(100000, 1000000));
    this.db.transaction(() => {
      this.end(role, userId);
      this.db
        .prepare(
          'INSERT INTO email_changes (role, user_id, new_email, code, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(role, userId, newEmail, code, now(), isoAfter(codeLifetimeMs));
    })();
    return code;
  }

  /** The new address when `candidate` is the live code (the change is then used up); else null, counting the guess. */
  consume(role: Role, userId: number, candidate: string): string | null {
    const live = this.db
      .prepare(
        `SELECT id, new_email, code, attempts FROM email_changes
         WHERE role = ? AND user_id = ? AND used_at IS NULL AND expires_at > ?
         ORDER BY id DESC LIMIT 1`,
      )
      .get(role, userId, now()) as PendingChange | undefined;
    if (!live) return null;
    if (safeEqual(live.code, candidate.trim())) {
      this.db.prepare('UPDATE email_changes SET used_at = ? WHERE id = ?').run(now(), live.id);
      return live.new_email;
    }
    const attempts = live.attempts + 1;
    this.db
      .prepare('UPDATE email_changes SET attempts = ?, used_at = ? WHERE id = ?')
      .run(attempts, attempts >= maxCodeAttempts ? now() : null, live.id);
    return null;
  }

  /** Ends every pending change of the account. */
  end(role: Role, userId: number): void {
    this.db
      .prepare('UPDATE email_changes SET used_at = ? WHERE role = ? AND user_id = ? AND used_at IS NULL')
      .run(now(), role, userId);
  }
}

/** `name@example.org` -> `n…@example.org`, for the notice mailed to the old address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '…';
  return `${email.slice(0, 1)}…${email.slice(at)}`;
}

/** 400 when the form's address differs from the account's: the profile update does not change it. */
export function assertSameEmail(sent: unknown, current: string): void {
  if (normalizeEmail(text(sent)) !== normalizeEmail(current)) throw badRequest(emailChangeMessages.useEmailChange);
}

const tables = { student: 'students', teacher: 'teachers' } as const;

/**
 * The e-mail change of both sides (extensions): `start…EmailChange` checks the session, the
 * current password (throttled like a login) and the new address, then mails a code to the new
 * address; `confirm…EmailChange` with that code changes the address, ends the account's unused
 * reset links and tells the old address. Until then the old address stays in force.
 */
export function emailChangeHandlers(context: ProviderContext): Handlers {
  const changes = new EmailChanges(context.db);
  const handlersOf = (role: Role) => {
    const accounts = new Accounts(context, role);
    const present = async (accountId: number) => {
      const account = accounts.find(accountId);
      return role === 'student'
        ? context.present.student(account as StudentRow)
        : context.present.teacherWithCourses(account as TeacherRow, { self: true });
    };
    const start: Handler = async (request) => {
      const accountId = id(request.params.id);
      await context.sessions.requireSelf(request, role, accountId);
      const account = accounts.find(accountId);
      if (!account) throw badRequest(accountMessages.wrongCurrentPassword, { bool: false });
      await accounts.checkCurrentPassword(request, account, text(request.body.current_password));
      const email = normalizeEmail(text(request.body.email));
      if (email === normalizeEmail(account.email)) throw badRequest(emailChangeMessages.sameEmail, { bool: false });
      accounts.assertEmailFree(email, accountId);
      const code = changes.issue(role, accountId, email);
      context.outbox.send({
        to: email,
        subject: 'Confirm your new Language Academy e-mail address',
        text: [
          `Hello ${account.full_name},`,
          `Use the code ${code} to make this your e-mail address at Language Academy. It expires in 10 minutes.`,
          'If you did not ask for it, ignore this mail: nothing changes without the code.',
          'Language Academy',
        ].join('\n\n'),
        code,
      });
      return { bool: true, msg: emailChangeMessages.codeSent(email) };
    };

    const confirm: Handler = async (request) => {
      const accountId = id(request.params.id);
      await context.sessions.requireSelf(request, role, accountId);
      const attempt = await context.throttle.attempt([
        addressKey(request),
        { family: 'code', id: `${role}:email-change:${accountId}` },
      ]);
      const account = accounts.find(accountId);
      const newEmail = account ? changes.consume(role, accountId, text(request.body.otp_digit)) : null;
      if (!account || newEmail === null) throw badRequest(emailChangeMessages.wrongCode);
      await attempt.succeeded();
      const { db, resets } = context;
      db.transaction(() => {
        // The address may have been taken since the code was sent.
        accounts.assertEmailFree(newEmail, accountId);
        db.prepare(`UPDATE ${tables[role]} SET email = ? WHERE id = ?`).run(newEmail, accountId);
        changes.end(role, accountId);
        // Reset links went to the old address, which is no longer the account's.
        resets.revokeAll(role, accountId);
      })();
      context.outbox.send({
        to: account.email,
        subject: 'Your Language Academy e-mail address has been changed',
        text: [
          `Hello ${account.full_name},`,
          `The e-mail address of your Language Academy account has been changed to ${maskEmail(newEmail)}. Mails, password reset links and logins now use the new address.`,
          'If you did not make this change, contact the academy at once: someone else may be using your account.',
          'Language Academy',
        ].join('\n\n'),
      });
      return present(accountId);
    };
    return { start, confirm };
  };
  const student = handlersOf('student');
  const teacher = handlersOf('teacher');
  return {
    startStudentEmailChange: student.start,
    confirmStudentEmailChange: student.confirm,
    startTeacherEmailChange: teacher.start,
    confirmTeacherEmailChange: teacher.confirm,
  };
}
