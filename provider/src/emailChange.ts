import crypto from 'node:crypto';
import { sql } from 'kysely';
import { Accounts, accountMessages, normalizeEmail, refusingDuplicates } from './accounts';
import { type Role, safeEqual } from './auth';
import { codeLifetimeMs, maxCodesPerHour } from './codes';
import { type ProviderContext } from './context';
import { type Queries } from './database';
import { isoAfter, now } from './db';
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
}

/**
 * Pending e-mail changes (migration 10): one live change per account, with the new address and
 * the 6-digit code mailed to it. A code expires after 10 minutes and is burnt after five wrong
 * guesses; an account gets at most `maxCodesPerHour` codes an hour.
 */
export class EmailChanges {
  constructor(private readonly queries: Queries) {}

  /** A new code for `newEmail` (ending the account's previous change); 429 past the hourly limit. */
  async issue(role: Role, userId: number, newEmail: string): Promise<string> {
    const since = new Date(Date.now() - hourMs).toISOString();
    const recent = (
      await this.queries.all(
        sql<{ created_at: string }>`SELECT created_at FROM email_changes
          WHERE role = ${role} AND user_id = ${userId} AND created_at > ${since} ORDER BY created_at`,
      )
    ).map((row) => row.created_at);
    if (recent.length >= maxCodesPerHour) {
      const oldestAgesOut = Date.parse(recent[recent.length - maxCodesPerHour] as string) + hourMs;
      throw tooManyRequests(Math.ceil((oldestAgesOut - Date.now()) / 1000), emailChangeMessages.tooManyCodes);
    }
    const code = String(crypto.randomInt(100000, 1000000));
    await this.queries.transaction(async (queries) => {
      await this.end(role, userId, queries);
      await queries.run(
        sql`INSERT INTO email_changes (role, user_id, new_email, code, created_at, expires_at)
            VALUES (${role}, ${userId}, ${newEmail}, ${code}, ${now()}, ${isoAfter(codeLifetimeMs)})`,
      );
    });
    return code;
  }

  /**
   * The new address when `candidate` is the live code (the change is then used up); else null,
   * counting the guess. Each write decides on the row as it then is (still unused): of two
   * requests racing with the right code, one gets the address and the other null.
   */
  async consume(role: Role, userId: number, candidate: string): Promise<string | null> {
    const live = await this.queries.one(
      sql<PendingChange>`SELECT id, new_email, code FROM email_changes
        WHERE role = ${role} AND user_id = ${userId} AND used_at IS NULL AND expires_at > ${now()}
        ORDER BY id DESC LIMIT 1`,
    );
    if (!live) return null;
    if (safeEqual(live.code, candidate.trim())) {
      const used = await this.queries.run(sql`UPDATE email_changes SET used_at = ${now()} WHERE id = ${live.id} AND used_at IS NULL`);
      return used === 1 ? live.new_email : null;
    }
    await this.queries.run(
      sql`UPDATE email_changes
        SET attempts = attempts + 1, used_at = CASE WHEN attempts + 1 >= ${maxCodeAttempts} THEN ${now()} END
        WHERE id = ${live.id} AND used_at IS NULL`,
    );
    return null;
  }

  /** Ends every pending change of the account (`queries`: a transaction's, inside one). */
  async end(role: Role, userId: number, queries: Queries = this.queries): Promise<void> {
    await queries.run(sql`UPDATE email_changes SET used_at = ${now()} WHERE role = ${role} AND user_id = ${userId} AND used_at IS NULL`);
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
  const changes = new EmailChanges(context.queries);
  const academy = context.config.mail.academyName;
  const handlersOf = (role: Role) => {
    const accounts = new Accounts(context, role);
    const present = async (accountId: number) => {
      const account = await accounts.find(accountId);
      return role === 'student'
        ? context.present.student(account as StudentRow)
        : context.present.teacherWithCourses(account as TeacherRow, { self: true });
    };
    const start: Handler = async (request) => {
      const accountId = id(request.params.id);
      await context.sessions.requireSelf(request, role, accountId);
      const account = await accounts.find(accountId);
      if (!account) throw badRequest(accountMessages.wrongCurrentPassword, { bool: false });
      await accounts.checkCurrentPassword(request, account, text(request.body.current_password));
      const email = normalizeEmail(text(request.body.email));
      if (email === normalizeEmail(account.email)) throw badRequest(emailChangeMessages.sameEmail, { bool: false });
      await accounts.assertEmailFree(email, accountId);
      const code = await changes.issue(role, accountId, email);
      await context.outbox.send({
        to: email,
        subject: `Confirm your new ${academy} e-mail address`,
        text: [
          `Hello ${account.full_name},`,
          `Use the code ${code} to make this your e-mail address at ${academy}. It expires in 10 minutes.`,
          'If you did not ask for it, ignore this mail: nothing changes without the code.',
          academy,
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
      const account = await accounts.find(accountId);
      const newEmail = account ? await changes.consume(role, accountId, text(request.body.otp_digit)) : null;
      if (!account || newEmail === null) throw badRequest(emailChangeMessages.wrongCode);
      await attempt.succeeded();
      const { queries, resets } = context;
      // The address may have been taken since the code was sent, or be taken meanwhile (the
      // unique index refuses the update, and the check says so).
      await refusingDuplicates(
        () =>
          queries.transaction(async (transaction) => {
            await accounts.assertEmailFree(newEmail, accountId, transaction);
            await transaction.run(sql`UPDATE ${sql.table(tables[role])} SET email = ${newEmail} WHERE id = ${accountId}`);
            await changes.end(role, accountId, transaction);
            // Reset links went to the old address, which is no longer the account's.
            await resets.revokeAll(role, accountId, transaction);
          }),
        () => accounts.assertEmailFree(newEmail, accountId),
      );
      await context.outbox.send({
        to: account.email,
        subject: `Your ${academy} e-mail address has been changed`,
        text: [
          `Hello ${account.full_name},`,
          `The e-mail address of your ${academy} account has been changed to ${maskEmail(newEmail)}. Mails, password reset links and logins now use the new address.`,
          'If you did not make this change, contact the academy at once: someone else may be using your account.',
          academy,
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
