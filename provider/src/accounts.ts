import { type FastifyReply, type FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { pendingCookieNames, randomToken, type Role } from './auth';
import { resendLifetimeMs } from './codes';
import { type ProviderContext } from './context';
import { type Queries } from './database';
import { badRequest, notFound, uniqueMessages } from './errors';
import { type StudentRow, type TeacherRow } from './records';
import { type Attempt, addressKey, signupKey } from './throttle';
import { type Handler } from './router';
import { id, text } from './routes/values';

/** The shortest new password accepted (`minLength` of the password fields in api-spec.yaml). */
export const minPasswordLength = 8;

export const accountMessages = {
  wrongCredentials: 'Invalid email or password.',
  verifyFirst: 'Please verify your account with the code we sent to your e-mail.',
  approvalPending: 'Your teacher account is awaiting approval. You can log in once it has been approved.',
  verified: 'Your account has been verified.',
  loggedIn: 'Login successful.',
  loggedOut: 'You have been logged out.',
  codeSent: 'We have sent a login code to your e-mail.',
  wrongCode: 'The code is wrong or has expired. Please check the latest code we sent to your e-mail.',
  codeSpent: 'This code is no longer valid. Please ask for a new code.',
  codeResent: 'We have sent a new code to your e-mail.',
  codeResendRefused: 'Please log in again to get a new code.',
  resetSent: 'If an account uses this e-mail address, a password reset link has been sent to it.',
  resetInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  passwordChanged: 'Your password has been changed.',
  duplicateEmail: uniqueMessages['students.email'] as string,
  duplicateUsername: uniqueMessages['students.username'] as string,
  passwordTooShort: `The password must be at least ${minPasswordLength} characters long.`,
  currentPasswordMissing: 'Please enter your current password.',
  wrongCurrentPassword: 'Your current password is not correct.',
} as const;

const tables = { student: 'students', teacher: 'teachers' } as const;
const labels = { student: 'Student', teacher: 'Teacher' } as const;
const resetPages = {
  student: 'student-change-forgotten-password',
  teacher: 'teacher-change-forgotten-password',
} as const;

const codeMails = {
  registration: { subject: (academy: string) => `Your ${academy} verification code`, purpose: 'verify your account' },
  login: { subject: (academy: string) => `Your ${academy} login code`, purpose: 'finish logging in' },
} as const;

/** A mail's text: the greeting, the paragraphs, the academy's name (ACADEMY_NAME) as the signature. */
function mailText(academy: string, name: string, ...paragraphs: string[]): string {
  return [`Hello ${name},`, ...paragraphs, academy].join('\n\n');
}

export type AccountRow<R extends Role> = R extends 'student' ? StudentRow : TeacherRow;

/** A refusal by a unique index, SQLite's or PostgreSQL's: a duplicate that raced past a check. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/**
 * Runs `write`, which stores a value a unique index guards (an e-mail address, a username) after
 * `checks` found it free. When another request took the value in between, the index refuses the
 * write and `checks`, run again, answer the loser the same 400 as they would have before it; any
 * other failure is thrown as it is.
 */
export async function refusingDuplicates<T>(write: () => Promise<T>, checks: () => Promise<void>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) await checks();
    throw error;
  }
}

/** Flows students and teachers share: codes, credentials, password resets. */
export class Accounts<R extends Role> {
  private readonly table: (typeof tables)[R];

  constructor(
    private readonly context: ProviderContext,
    readonly role: R,
  ) {
    this.table = tables[role];
  }

  find(id: number): Promise<AccountRow<R> | undefined> {
    return this.context.queries.one(sql<AccountRow<R>>`SELECT * FROM ${sql.table(this.table)} WHERE id = ${id}`);
  }

  findByEmail(email: string, queries: Queries = this.context.queries): Promise<AccountRow<R> | undefined> {
    return queries.one(sql<AccountRow<R>>`SELECT * FROM ${sql.table(this.table)} WHERE email = ${normalizeEmail(email)}`);
  }

  /** 400 when another account of this side uses the address (`queries`: a transaction's, inside one). */
  async assertEmailFree(email: string, exceptId?: number, queries: Queries = this.context.queries): Promise<void> {
    const existing = await this.findByEmail(email, queries);
    if (existing && existing.id !== exceptId) throw badRequest(accountMessages.duplicateEmail);
  }

  /** The hash of a new password; 400 when it is shorter than `minPasswordLength` (api-spec.yaml says so too). */
  async hashPassword(password: string): Promise<string> {
    if (password.length < minPasswordLength) throw badRequest(accountMessages.passwordTooShort);
    return this.context.passwords.hash(password);
  }

  /**
   * The account when e-mail and password match, else null (in constant-ish time). 429, before
   * any hashing, while the e-mail address or the caller's address must wait (see throttle.ts).
   */
  async checkCredentials(request: FastifyRequest, email: string, password: string): Promise<AccountRow<R> | null> {
    const attempt = await this.context.throttle.attempt([
      addressKey(request),
      { family: 'login', id: `${this.role}:${normalizeEmail(email)}` },
    ]);
    const account = await this.findByEmail(email);
    if (!account) return this.context.passwords.verifyNobody(password).then(() => null);
    if (!(await this.context.passwords.verify(password, account.password_hash))) return null;
    await attempt.succeeded();
    return account;
  }

  /**
   * Counts a registration naming `email`, before any check or hashing: 429 while that e-mail
   * address, the caller's address or its sign-ups must wait (see throttle.ts). Tell the attempt
   * when the account was made.
   */
  registrationAttempt(request: FastifyRequest, email: string): Promise<Attempt> {
    return this.context.throttle.attempt([
      addressKey(request),
      signupKey(request),
      { family: 'registration', id: `${this.role}:${normalizeEmail(email)}` },
    ]);
  }

  /**
   * For a change made while logged in (password, e-mail): 400 `{bool: false, msg}` unless
   * `candidate` is the account's current password. Counted like a login, per caller address and
   * per account, before any hashing (429 while either must wait); a right password is given back.
   */
  async checkCurrentPassword(request: FastifyRequest, account: AccountRow<R>, candidate: string): Promise<void> {
    if (!candidate) throw badRequest(accountMessages.currentPasswordMissing, { bool: false });
    const attempt = await this.context.throttle.attempt([
      addressKey(request),
      { family: 'login', id: `${this.role}:${account.id}` },
    ]);
    if (!(await this.context.passwords.verify(candidate, account.password_hash))) {
      throw badRequest(accountMessages.wrongCurrentPassword, { bool: false });
    }
    await attempt.succeeded();
  }

  /**
   * Mails a new code; `remember` is kept with it for the session it opens (a teacher's 'Remember
   * me'). The answer sets the pending-code cookie: only this browser may check the code, or ask
   * for a new one (for an hour, so a code that expired or was burnt can be replaced).
   */
  async mailCode(
    reply: FastifyReply,
    account: AccountRow<R>,
    reason: keyof typeof codeMails,
    options: { remember?: boolean } = {},
  ): Promise<void> {
    const browserToken = randomToken();
    const code = await this.context.codes.issue(this.role, account.id, { ...options, browserToken });
    reply.setCookie(pendingCookieNames[this.role], browserToken, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      maxAge: resendLifetimeMs / 1000,
    });
    const { subject, purpose } = codeMails[reason];
    const academy = this.context.config.mail.academyName;
    await this.context.outbox.send({
      to: account.email,
      subject: subject(academy),
      text: mailText(academy, account.full_name, `Use the code ${code} to ${purpose}. It expires in 10 minutes.`),
      code,
    });
  }

  /**
   * Checks `candidate` against the live code of account `id`, for the browser the code was mailed
   * for (its pending-code cookie): `verified` (the account is marked verified) with what the code
   * kept; `spent` when that browser's code is no longer valid (used, expired, or burnt by its 5th
   * wrong guess), so it asks for a new one; `wrong` otherwise, and for any other caller or an
   * unknown id alike. A caller without the cookie counts only against its own address: the code
   * keeps its guesses and the account's counter is not touched, so strangers cannot lock the owner
   * out. The holder's checks count per account too (429 while it must wait).
   */
  async verifyCode(
    request: FastifyRequest,
    reply: FastifyReply,
    id: number,
    candidate: string,
  ): Promise<{ outcome: 'verified'; account: AccountRow<R>; remember: boolean } | { outcome: 'wrong' | 'spent' }> {
    const cookie = pendingCookieNames[this.role];
    const holder = await this.context.codes.heldBy(this.role, id, request.cookies[cookie]);
    const attempt = await this.context.throttle.attempt(
      holder ? [addressKey(request), { family: 'code', id: `${this.role}:${id}` }] : [addressKey(request)],
    );
    const account = holder ? await this.find(id) : undefined;
    if (!holder || !account) return { outcome: 'wrong' };
    if (!holder.live) return { outcome: 'spent' };
    const valid = await this.context.codes.consume(this.role, id, candidate);
    if (typeof valid === 'string') return { outcome: valid };
    await attempt.succeeded();
    reply.setCookie(cookie, '', { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 0 });
    if (!account.verified) {
      await this.context.queries.run(sql`UPDATE ${sql.table(this.table)} SET verified = 1 WHERE id = ${account.id}`);
    }
    return { outcome: 'verified', account, remember: valid.remember };
  }

  /**
   * Mails a reset link when the address is known; answers the same either way. Every call
   * counts against the e-mail address and the caller's address (429 while they must wait).
   */
  async mailResetLink(request: FastifyRequest, email: string): Promise<void> {
    await this.context.throttle.attempt([addressKey(request), { family: 'resetMail', id: `${this.role}:${normalizeEmail(email)}` }]);
    const account = await this.findByEmail(email);
    if (!account) return;
    const token = await this.context.resets.issue(this.role, account.id);
    const link = `${this.context.config.appOrigin}/${resetPages[this.role]}/${account.id}?token=${token}`;
    await this.context.outbox.send({
      to: account.email,
      subject: `Reset your ${this.context.config.mail.academyName} password`,
      text: mailText(
        this.context.config.mail.academyName,
        account.full_name,
        `Open this link within one hour to choose a new password:\n${link}`,
        'If you did not ask for it, ignore this mail.',
      ),
    });
  }

  /**
   * Sets a new password with a mailed reset token; false when the token is not valid. The token
   * is checked before the password is hashed (a forged token costs no hashing), and consumed
   * after, in the transaction that stores the password: of two uses racing with one token only
   * one succeeds.
   */
  async resetPassword(id: number, token: string, password: string): Promise<boolean> {
    if (!(await this.context.resets.isLive(this.role, id, token))) return false;
    const hash = await this.hashPassword(password);
    return this.context.queries.transaction(async (queries) => {
      if (!(await this.context.resets.consume(this.role, id, token, queries))) return false;
      await this.replacePasswordHash(queries, id, hash);
      return true;
    });
  }

  /**
   * Stores a new password hash and ends what the old password opened: every session of the
   * account (but the caller's, when `keepSessionOf` is given) and every unused reset link. Runs
   * in the caller's transaction (`queries`).
   */
  private async replacePasswordHash(queries: Queries, id: number, hash: string, keepSessionOf?: FastifyRequest): Promise<void> {
    const { sessions, resets } = this.context;
    await queries.run(sql`UPDATE ${sql.table(this.table)} SET password_hash = ${hash} WHERE id = ${id}`);
    if (keepSessionOf) await sessions.endOthers(keepSessionOf, this.role, id, queries);
    else await sessions.endAll(this.role, id, queries);
    await resets.revokeAll(this.role, id, queries);
  }

  // Handlers both sides share; the operations differ only in path and in the name of the id parameter.

  /**
   * `*-logout/`: ends the caller's session of this role; calling it without one is no error. The
   * browser is told to drop its cache of this origin, where the revalidated answers (inboxes,
   * unread counts: conditional.ts) were kept.
   */
  logoutHandler(): Handler {
    return async (request, reply) => {
      await this.context.sessions.end(request, reply, this.role);
      reply.header('Clear-Site-Data', '"cache"');
      return { bool: true, msg: accountMessages.loggedOut };
    };
  }

  /**
   * `*-resend-code/{id}/` (extension): a fresh code, with its own 5 guesses, mailed to the account
   * for the browser its latest code was mailed for (that code's pending-code cookie), keeping the
   * code's 'Remember me'. Counted like a login, per account and per client address (429 while
   * either must wait); at most 5 codes an hour. Any other caller, and an unknown id, is told to log
   * in again, counted only against its address: the answer says nothing the code page did not know.
   */
  resendCodeHandler(idParam: string): Handler {
    return async (request, reply) => {
      const accountId = id(request.params[idParam]);
      const holder = await this.context.codes.heldBy(this.role, accountId, request.cookies[pendingCookieNames[this.role]]);
      await this.context.throttle.attempt(
        holder
          ? [addressKey(request), { family: 'login', id: `${this.role}:resend:${accountId}` }]
          : [addressKey(request)],
      );
      const account = holder ? await this.find(accountId) : undefined;
      if (!holder || !account) return { bool: false, msg: accountMessages.codeResendRefused };
      // A verified account asks for a code only to log in (a teacher's login_via_otp).
      await this.mailCode(reply, account, account.verified ? 'login' : 'registration', { remember: holder.remember });
      return { bool: true, msg: accountMessages.codeResent };
    };
  }

  /** `*-forgot-password/`: mails a reset link when the address is known, answering the same either way. */
  forgotPasswordHandler(): Handler {
    return async (request) => {
      await this.mailResetLink(request, text(request.body.email));
      return { bool: true, msg: accountMessages.resetSent };
    };
  }

  /** `*-change-password/{id}/`: a new password with the token of a mailed reset link. */
  resetPasswordHandler(idParam: string): Handler {
    return async (request) => {
      const accountId = id(request.params[idParam]);
      const changed = await this.resetPassword(accountId, text(request.body.token), text(request.body.password));
      if (!changed) throw badRequest(accountMessages.resetInvalid, { bool: false });
      return { bool: true, msg: accountMessages.passwordChanged };
    };
  }

  /**
   * `student/change-password/{id}/`, `teacher/change-password/{id}/`: a new password while
   * logged in, for the account itself only (401, 403). With `requireCurrentPassword` the form's
   * `current_password` must match (400 otherwise). The caller stays logged in; the account's
   * other sessions and unused reset links end.
   */
  changePasswordHandler(idParam: string, options: { requireCurrentPassword: boolean }): Handler {
    return async (request) => {
      const accountId = id(request.params[idParam]);
      await this.context.sessions.requireSelf(request, this.role, accountId);
      const account = await this.find(accountId);
      if (!account) throw notFound(`${labels[this.role]} not found.`);
      if (options.requireCurrentPassword) {
        await this.checkCurrentPassword(request, account, text(request.body.current_password));
      }
      const hash = await this.hashPassword(text(request.body.password));
      await this.context.queries.transaction((queries) => this.replacePasswordHash(queries, accountId, hash, request));
      return { bool: true, msg: accountMessages.passwordChanged };
    };
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
