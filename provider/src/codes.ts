import crypto from 'node:crypto';
import { sql } from 'kysely';
import { randomToken, type Role, type SessionKind, safeEqual, sha256 } from './auth';
import { type Queries } from './database';
import { isoAfter, now } from './db';
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
  constructor(private readonly queries: Queries) {}

  /**
   * A new code for the account (ending its previous one); `remember` is kept for the session the
   * code opens, `browserToken` (the pending-code cookie given with it) stored hashed: `heldBy`
   * tells whether a request carries it. 429 when the account has had `maxCodesPerHour` codes
   * within the last hour.
   */
  async issue(
    role: SessionKind,
    userId: number,
    { remember = false, browserToken }: { remember?: boolean; browserToken?: string } = {},
  ): Promise<string> {
    // A code's issue time is its expiry less its lifetime.
    const sinceIssued = new Date(Date.now() - hourMs + codeLifetimeMs).toISOString();
    const recent = (
      await this.queries.all(
        sql<{ expires_at: string }>`SELECT expires_at FROM one_time_codes
          WHERE role = ${role} AND user_id = ${userId} AND expires_at > ${sinceIssued} ORDER BY expires_at`,
      )
    ).map((row) => row.expires_at);
    if (recent.length >= maxCodesPerHour) {
      const oldestAgesOut = Date.parse(recent[recent.length - maxCodesPerHour] as string) - codeLifetimeMs + hourMs;
      throw tooManyRequests(Math.ceil((oldestAgesOut - Date.now()) / 1000), 'Too many codes have been sent to this account.');
    }
    const code = String(crypto.randomInt(100000, 1000000));
    await this.queries.transaction(async (queries) => {
      await queries.run(
        sql`UPDATE one_time_codes SET used_at = ${now()} WHERE role = ${role} AND user_id = ${userId} AND used_at IS NULL`,
      );
      await queries.run(
        sql`INSERT INTO one_time_codes (role, user_id, code, remember, browser_hash, expires_at)
            VALUES (${role}, ${userId}, ${code}, ${Number(remember)}, ${browserToken ? sha256(browserToken) : null}, ${isoAfter(codeLifetimeMs)})`,
      );
    });
    return code;
  }

  /**
   * The account's latest code, when it was given to the browser holding `browserToken`: `live`
   * while it may still be checked, `spent` once used, burnt by wrong guesses or expired. Null for
   * any other caller (or no code). Reads only: a caller without the token cannot spend its guesses.
   */
  async heldBy(role: SessionKind, userId: number, browserToken: string | undefined): Promise<{ live: boolean; remember: boolean } | null> {
    if (!browserToken) return null;
    const latest = await this.queries.one(
      sql<{ browser_hash: string | null; used_at: string | null; expires_at: string; remember: 0 | 1 }>`
        SELECT browser_hash, used_at, expires_at, remember FROM one_time_codes
        WHERE role = ${role} AND user_id = ${userId} ORDER BY id DESC LIMIT 1`,
    );
    if (latest?.browser_hash == null || !safeEqual(latest.browser_hash, sha256(browserToken))) return null;
    return { live: latest.used_at === null && latest.expires_at > now(), remember: latest.remember === 1 };
  }

  /**
   * Consumes the live code when it matches, answering what was kept with it; `wrong` when it does
   * not match, `spent` when there is no live code or this wrong guess was its last (5 burn it).
   * Each write decides on the row as it then is (still unused), so of two requests racing with
   * the right code one wins and the other finds it spent, and every wrong guess counts.
   */
  async consume(role: SessionKind, userId: number, candidate: string): Promise<{ remember: boolean } | 'wrong' | 'spent'> {
    const live = await this.queries.one(
      sql<{ id: number; code: string; remember: 0 | 1 }>`SELECT id, code, remember FROM one_time_codes
        WHERE role = ${role} AND user_id = ${userId} AND used_at IS NULL AND expires_at > ${now()}
        ORDER BY id DESC LIMIT 1`,
    );
    if (!live) return 'spent';
    if (safeEqual(live.code, candidate.trim())) {
      const used = await this.queries.run(sql`UPDATE one_time_codes SET used_at = ${now()} WHERE id = ${live.id} AND used_at IS NULL`);
      return used === 1 ? { remember: live.remember === 1 } : 'spent';
    }
    const guessed = await this.queries.one(
      sql<{ used_at: string | null }>`UPDATE one_time_codes
        SET attempts = attempts + 1, used_at = CASE WHEN attempts + 1 >= ${maxCodeAttempts} THEN ${now()} END
        WHERE id = ${live.id} AND used_at IS NULL RETURNING used_at`,
    );
    return guessed && guessed.used_at === null ? 'wrong' : 'spent';
  }
}

/** Single-use password-reset tokens, stored hashed, valid one hour. */
export class ResetTokens {
  constructor(private readonly queries: Queries) {}

  async issue(role: Role, userId: number): Promise<string> {
    const token = randomToken();
    await this.queries.run(
      sql`INSERT INTO password_resets (token_hash, role, user_id, expires_at) VALUES (${sha256(token)}, ${role}, ${userId}, ${isoAfter(resetLifetimeMs)})`,
    );
    return token;
  }

  /** Ends every reset link of the account that has not been used yet (`queries`: a transaction's, inside one). */
  async revokeAll(role: Role, userId: number, queries: Queries = this.queries): Promise<void> {
    await queries.run(sql`UPDATE password_resets SET used_at = ${now()} WHERE role = ${role} AND user_id = ${userId} AND used_at IS NULL`);
  }

  /** Whether the token is one of the account's unused, unexpired reset links (without using it). */
  async isLive(role: Role, userId: number, token: string): Promise<boolean> {
    const row = await this.queries.one(
      sql`SELECT 1 AS found FROM password_resets
        WHERE token_hash = ${sha256(token)} AND role = ${role} AND user_id = ${userId} AND used_at IS NULL AND expires_at > ${now()}`,
    );
    return row !== undefined;
  }

  /**
   * Uses the token when it is still live: true for the one request that did (the update decides,
   * so of two racing with one token only one succeeds). `queries`: a transaction's, inside one.
   */
  async consume(role: Role, userId: number, token: string, queries: Queries = this.queries): Promise<boolean> {
    const time = now();
    const changed = await queries.run(
      sql`UPDATE password_resets SET used_at = ${time}
        WHERE token_hash = ${sha256(token)} AND role = ${role} AND user_id = ${userId} AND used_at IS NULL AND expires_at > ${time}`,
    );
    return changed === 1;
  }
}
