import crypto from 'node:crypto';
import { randomToken, type Role, safeEqual, sha256 } from './auth';
import { type Db, isoAfter, now } from './db';
import { tooManyRequests } from './throttle';

export const codeLifetimeMs = 10 * 60 * 1000;
export const resetLifetimeMs = 60 * 60 * 1000;
/** How long the browser a code was mailed for may ask for a new one (its pending-code cookie). */
export const resendLifetimeMs = 60 * 60 * 1000;
const maxCodeAttempts = 5;
/** Codes mailed to one account within an hour, at most. */
export const maxCodesPerHour = 5;
const hourMs = 60 * 60 * 1000;

/** Six-digit one-time codes (registration, OTP login): one live code per account. */
export class OneTimeCodes {
  constructor(private readonly db: Db) {}

  /**
   * A new code for the account (ending its previous one); `remember` is kept for the session the
   * code opens, `browserToken` (the pending-code cookie given with it) stored hashed: `heldBy`
   * tells whether a request carries it. 429 when the account has had `maxCodesPerHour` codes
   * within the last hour.
   */
  issue(
    role: Role,
    userId: number,
    { remember = false, browserToken }: { remember?: boolean; browserToken?: string } = {},
  ): string {
    // A code's issue time is its expiry less its lifetime.
    const sinceIssued = new Date(Date.now() - hourMs + codeLifetimeMs).toISOString();
    const recent = this.db
      .prepare('SELECT expires_at FROM one_time_codes WHERE role = ? AND user_id = ? AND expires_at > ? ORDER BY expires_at')
      .pluck()
      .all(role, userId, sinceIssued) as string[];
    if (recent.length >= maxCodesPerHour) {
      const oldestAgesOut = Date.parse(recent[recent.length - maxCodesPerHour] as string) - codeLifetimeMs + hourMs;
      throw tooManyRequests(Math.ceil((oldestAgesOut - Date.now()) / 1000), 'Too many codes have been sent to this account.');
    }
    const code = String(crypto.randomInt(100000, 1000000));
    this.db.transaction(() => {
      this.db
        .prepare('UPDATE one_time_codes SET used_at = ? WHERE role = ? AND user_id = ? AND used_at IS NULL')
        .run(now(), role, userId);
      this.db
        .prepare(
          'INSERT INTO one_time_codes (role, user_id, code, remember, browser_hash, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(role, userId, code, Number(remember), browserToken ? sha256(browserToken) : null, isoAfter(codeLifetimeMs));
    })();
    return code;
  }

  /**
   * The account's latest code, when it was given to the browser holding `browserToken`: `live`
   * while it may still be checked, `spent` once used, burnt by wrong guesses or expired. Null for
   * any other caller (or no code). Reads only: a caller without the token cannot spend its guesses.
   */
  heldBy(role: Role, userId: number, browserToken: string | undefined): { live: boolean; remember: boolean } | null {
    if (!browserToken) return null;
    const latest = this.db
      .prepare(
        `SELECT browser_hash, used_at, expires_at, remember FROM one_time_codes
         WHERE role = ? AND user_id = ? ORDER BY id DESC LIMIT 1`,
      )
      .get(role, userId) as
      | { browser_hash: string | null; used_at: string | null; expires_at: string; remember: 0 | 1 }
      | undefined;
    if (latest?.browser_hash == null || !safeEqual(latest.browser_hash, sha256(browserToken))) return null;
    return { live: latest.used_at === null && latest.expires_at > now(), remember: latest.remember === 1 };
  }

  /**
   * Consumes the live code when it matches, answering what was kept with it; `wrong` when it does
   * not match, `spent` when there is no live code or this wrong guess was its last (5 burn it).
   */
  consume(role: Role, userId: number, candidate: string): { remember: boolean } | 'wrong' | 'spent' {
    const live = this.db
      .prepare(
        `SELECT id, code, attempts, remember FROM one_time_codes
         WHERE role = ? AND user_id = ? AND used_at IS NULL AND expires_at > ?
         ORDER BY id DESC LIMIT 1`,
      )
      .get(role, userId, now()) as { id: number; code: string; attempts: number; remember: 0 | 1 } | undefined;
    if (!live) return 'spent';
    if (safeEqual(live.code, candidate.trim())) {
      this.db.prepare('UPDATE one_time_codes SET used_at = ? WHERE id = ?').run(now(), live.id);
      return { remember: live.remember === 1 };
    }
    const attempts = live.attempts + 1;
    const burnt = attempts >= maxCodeAttempts;
    this.db
      .prepare('UPDATE one_time_codes SET attempts = ?, used_at = ? WHERE id = ?')
      .run(attempts, burnt ? now() : null, live.id);
    return burnt ? 'spent' : 'wrong';
  }
}

/** Single-use password-reset tokens, stored hashed, valid one hour. */
export class ResetTokens {
  constructor(private readonly db: Db) {}

  issue(role: Role, userId: number): string {
    const token = randomToken();
    this.db
      .prepare('INSERT INTO password_resets (token_hash, role, user_id, expires_at) VALUES (?, ?, ?, ?)')
      .run(sha256(token), role, userId, isoAfter(resetLifetimeMs));
    return token;
  }

  /** Ends every reset link of the account that has not been used yet. */
  revokeAll(role: Role, userId: number): void {
    this.db
      .prepare('UPDATE password_resets SET used_at = ? WHERE role = ? AND user_id = ? AND used_at IS NULL')
      .run(now(), role, userId);
  }

  /** Whether the token is one of the account's unused, unexpired reset links (without using it). */
  isLive(role: Role, userId: number, token: string): boolean {
    const row = this.db
      .prepare(
        `SELECT 1 FROM password_resets
         WHERE token_hash = ? AND role = ? AND user_id = ? AND used_at IS NULL AND expires_at > ?`,
      )
      .get(sha256(token), role, userId, now());
    return row !== undefined;
  }

  consume(role: Role, userId: number, token: string): boolean {
    const result = this.db
      .prepare(
        `UPDATE password_resets SET used_at = ?
         WHERE token_hash = ? AND role = ? AND user_id = ? AND used_at IS NULL AND expires_at > ?`,
      )
      .run(now(), sha256(token), role, userId, now());
    return result.changes === 1;
  }
}
