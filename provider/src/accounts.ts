import { type Role } from './auth';
import { type ProviderContext } from './context';
import { badRequest } from './errors';
import { type StudentRow, type TeacherRow } from './records';

export const accountMessages = {
  wrongCredentials: 'Invalid email or password.',
  verifyFirst: 'Please verify your account with the code we sent to your e-mail.',
  approvalPending: 'Your teacher account is awaiting approval. You can log in once it has been approved.',
  verified: 'Your account has been verified.',
  loggedIn: 'Login successful.',
  loggedOut: 'You have been logged out.',
  codeSent: 'We have sent a login code to your e-mail.',
  wrongCode: 'The code is wrong or has expired. Please check the latest code we sent to your e-mail.',
  resetSent: 'If an account uses this e-mail address, a password reset link has been sent to it.',
  resetInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  passwordChanged: 'Your password has been changed.',
  duplicateEmail: 'An account with this e-mail address already exists.',
  duplicateUsername: 'This username is already taken.',
  emptyPassword: 'The password must not be empty.',
} as const;

const tables = { student: 'students', teacher: 'teachers' } as const;
const resetPages = {
  student: 'student-change-forgotten-password',
  teacher: 'teacher-change-forgotten-password',
} as const;

const codeMails = {
  registration: { subject: 'Your Language Academy verification code', purpose: 'verify your account' },
  login: { subject: 'Your Language Academy login code', purpose: 'finish logging in' },
} as const;

function mailText(name: string, ...paragraphs: string[]): string {
  return [`Hello ${name},`, ...paragraphs, 'Language Academy'].join('\n\n');
}

export type AccountRow<R extends Role> = R extends 'student' ? StudentRow : TeacherRow;

/** Flows students and teachers share: codes, credentials, password resets. */
export class Accounts<R extends Role> {
  private readonly table: (typeof tables)[R];

  constructor(
    private readonly context: ProviderContext,
    readonly role: R,
  ) {
    this.table = tables[role];
  }

  find(id: number): AccountRow<R> | undefined {
    return this.context.db.prepare(`SELECT * FROM ${this.table} WHERE id = ?`).get(id) as AccountRow<R> | undefined;
  }

  findByEmail(email: string): AccountRow<R> | undefined {
    return this.context.db.prepare(`SELECT * FROM ${this.table} WHERE email = ?`).get(normalizeEmail(email)) as
      AccountRow<R> | undefined;
  }

  assertEmailFree(email: string, exceptId?: number): void {
    const existing = this.findByEmail(email);
    if (existing && existing.id !== exceptId) throw badRequest(accountMessages.duplicateEmail);
  }

  async hashPassword(password: string): Promise<string> {
    if (!password) throw badRequest(accountMessages.emptyPassword);
    return this.context.passwords.hash(password);
  }

  /** The account when e-mail and password match, else null (in constant-ish time). */
  async checkCredentials(email: string, password: string): Promise<AccountRow<R> | null> {
    const account = this.findByEmail(email);
    if (!account) return this.context.passwords.verifyNobody(password).then(() => null);
    return (await this.context.passwords.verify(password, account.password_hash)) ? account : null;
  }

  mailCode(account: AccountRow<R>, reason: keyof typeof codeMails): void {
    const code = this.context.codes.issue(this.role, account.id);
    const { subject, purpose } = codeMails[reason];
    this.context.outbox.send({
      to: account.email,
      subject,
      text: mailText(account.full_name, `Use the code ${code} to ${purpose}. It expires in 10 minutes.`),
      code,
    });
  }

  checkCode(account: AccountRow<R>, code: string): boolean {
    const valid = this.context.codes.consume(this.role, account.id, code);
    if (valid && !account.verified) {
      this.context.db.prepare(`UPDATE ${this.table} SET verified = 1 WHERE id = ?`).run(account.id);
    }
    return valid;
  }

  /** Mails a reset link when the address is known; answers the same either way. */
  mailResetLink(email: string): void {
    const account = this.findByEmail(email);
    if (!account) return;
    const token = this.context.resets.issue(this.role, account.id);
    const link = `${this.context.config.appOrigin}/${resetPages[this.role]}/${account.id}?token=${token}`;
    this.context.outbox.send({
      to: account.email,
      subject: 'Reset your Language Academy password',
      text: mailText(
        account.full_name,
        `Open this link within one hour to choose a new password:\n${link}`,
        'If you did not ask for it, ignore this mail.',
      ),
    });
  }

  /** Sets a new password with a mailed reset token; false when the token is not valid. */
  async resetPassword(id: number, token: string, password: string): Promise<boolean> {
    const hash = await this.hashPassword(password);
    if (!this.context.resets.consume(this.role, id, token)) return false;
    this.setPasswordHash(id, hash);
    this.context.sessions.endAll(this.role, id);
    return true;
  }

  async changePassword(id: number, password: string): Promise<void> {
    this.setPasswordHash(id, await this.hashPassword(password));
  }

  private setPasswordHash(id: number, hash: string): void {
    this.context.db.prepare(`UPDATE ${this.table} SET password_hash = ? WHERE id = ?`).run(hash, id);
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
