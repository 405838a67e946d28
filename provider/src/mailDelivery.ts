/**
 * Delivery of the outbox over SMTP (nodemailer). Each provider instance looks for due mails in
 * the background and claims each one with a conditional UPDATE before sending it: the affected
 * rows say who won, so several instances on one database never send one mail twice. A claim is
 * a lease (`claimed_until`): an instance that stops or crashes mid-send leaves the mail to be
 * tried again once the lease runs out, with the same Message-ID, so a resend after a crash
 * between sending and marking it sent can be recognised by the receiving side.
 */
import type { Transporter } from 'nodemailer';
import { sql } from 'kysely';
import { type Queries } from './database';
import { isoAfter, now } from './db';
import { type SmtpConfig } from './mailConfig';
import { type OutboxRow } from './rows.generated';

/** Where attempts and failures are written: the Fastify logger (pino's signature) or the console. */
export interface MailLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Without a logger: failures on the console, successful attempts not at all. */
export const consoleMailLog: MailLog = {
  info: () => undefined,
  error: (details, message) => console.error(`[mail] ${message}`, details),
};

/**
 * How long a claim holds a mail. Longer than one attempt can take (nodemailer's timeouts below:
 * connecting, the greeting, then each command), so a mail is never claimed twice while an
 * attempt is still under way.
 */
const leaseMs = 5 * 60 * 1000;
const timeouts = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
/** Mails claimed per look at the queue. */
const batch = 10;
/** The shortest wait before the next look (a mail due now but claimed by another instance). */
const minimumWaitMs = 100;

export class MailDelivery {
  log: MailLog = consoleMailLog;
  /** The SMTP transport, made for the first attempt: nodemailer (about 0.1 s to load) is loaded only then. */
  private transport: Promise<Transporter> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly queries: Queries,
    private readonly config: SmtpConfig,
    private readonly academyName: string,
  ) {}

  /** Starts looking for due mails: at once (mails queued before a restart), then in the background. */
  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Looks for due mails now (a mail was just queued), or as soon as the current look ends. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.deliverDue()
      .then(() => this.nextLookInMs())
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'mail delivery could not read the outbox');
        return this.config.pollIntervalMs;
      })
      .then((waitMs) => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        } else if (!this.stopped) {
          this.timer = setTimeout(() => this.wake(), waitMs);
          this.timer.unref();
        }
      });
  }

  /** Stops looking; waits for the attempt under way, if any, then closes the transport. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    // (A transport that could not be made has nothing to close: its attempts recorded why.)
    const transport = await this.transport?.catch(() => null);
    transport?.close();
  }

  /** Sends every mail due now that this instance manages to claim. */
  private async deliverDue(): Promise<void> {
    while (!this.stopped) {
      const moment = now();
      const due = await this.queries.all(
        sql<Pick<OutboxRow, 'id'>>`SELECT id FROM outbox
          WHERE state = 'queued' AND next_attempt_at <= ${moment} AND (claimed_until IS NULL OR claimed_until <= ${moment})
          ORDER BY next_attempt_at, id LIMIT ${batch}`,
      );
      let claimed = 0;
      for (const { id } of due) {
        if (this.stopped) return;
        const mail = await this.claim(id);
        if (!mail) continue;
        claimed += 1;
        await this.attempt(mail);
      }
      // Nothing due, or everything due taken by other instances.
      if (claimed === 0) return;
    }
  }

  /** The mail, claimed for this instance (its attempt counted), or undefined when another instance has it or it is no longer due. */
  private async claim(id: number): Promise<OutboxRow | undefined> {
    const moment = now();
    const won = await this.queries.run(
      sql`UPDATE outbox SET claimed_until = ${isoAfter(leaseMs)}, attempts = attempts + 1
          WHERE id = ${id} AND state = 'queued' AND next_attempt_at <= ${moment} AND (claimed_until IS NULL OR claimed_until <= ${moment})`,
    );
    return won === 1 ? this.queries.one(sql<OutboxRow>`SELECT * FROM outbox WHERE id = ${id}`) : undefined;
  }

  private async attempt(mail: OutboxRow): Promise<void> {
    const details = { mail: mail.id, messageId: mail.message_id, to: mail.to_address, attempt: mail.attempts };
    try {
      this.transport ??= import('nodemailer').then(({ createTransport }) => createTransport({ url: this.config.url, ...timeouts }));
      const info = (await (await this.transport).sendMail({
        from: this.config.from,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text,
        html: mailHtml(mail.subject, mail.text, this.academyName),
        messageId: mail.message_id ?? undefined,
        date: new Date(mail.created_at),
        // Transactional mail: out-of-office replies should not answer it (RFC 3834).
        headers: {
          'Auto-Submitted': 'auto-generated',
          // A notification mail's one-click unsubscribe (RFC 8058).
          ...(mail.list_unsubscribe
            ? { 'List-Unsubscribe': `<${mail.list_unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
            : {}),
        },
        // An invitation or a cancellation: a text/calendar alternative with the method calendar apps
        // act on (RFC 6047), and the same text attached as lesson.ics for those that read only files.
        ...(mail.calendar ? { icalEvent: { method: calendarMethod(mail.calendar), content: mail.calendar, filename: 'lesson.ics' } } : {}),
      })) as { response?: string };
      await this.queries.run(
        sql`UPDATE outbox SET state = 'sent', sent_at = ${now()}, claimed_until = NULL, last_error = NULL WHERE id = ${mail.id}`,
      );
      this.log.info({ ...details, response: info.response }, 'mail sent');
    } catch (error) {
      const reason = describe(error);
      const delay = this.config.retryDelaysMs[mail.attempts - 1];
      const failed = isPermanent(error) || delay === undefined;
      await this.queries.run(
        sql`UPDATE outbox SET state = ${failed ? 'failed' : 'queued'}, next_attempt_at = ${failed ? null : isoAfter(delay ?? 0)},
              claimed_until = NULL, last_error = ${reason}
            WHERE id = ${mail.id} AND state = 'queued'`,
      );
      this.log.error(
        { ...details, error: reason, ...(failed ? {} : { nextAttemptInMs: delay }) },
        failed ? 'mail failed for good: not tried again' : 'mail attempt failed: tried again later',
      );
    }
  }

  /** The wait until the next mail falls due (or its claim runs out), at most the poll interval. */
  private async nextLookInMs(): Promise<number> {
    const next = await this.queries.one(
      sql<{ next: string | null }>`SELECT MIN(CASE WHEN claimed_until IS NOT NULL AND claimed_until > next_attempt_at THEN claimed_until ELSE next_attempt_at END) AS next
        FROM outbox WHERE state = 'queued'`,
    );
    const untilNext = next?.next ? Date.parse(next.next) - Date.now() : Infinity;
    return Math.max(minimumWaitMs, Math.min(this.config.pollIntervalMs, untilNext));
  }
}

/**
 * The SMTP server's refusal of this message for good (5xx to the recipient or the message, e.g.
 * 550 no such mailbox): trying again would be refused again. Refusals of the connection or the
 * login (a wrong password, a server down) are tried again: the mail is not at fault.
 */
function isPermanent(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  return (code === 'EENVELOPE' || code === 'EMESSAGE') && typeof responseCode === 'number' && responseCode >= 500;
}

function describe(error: unknown): string {
  const { message, response } = (error ?? {}) as { message?: string; response?: string };
  return (response || message || String(error)).slice(0, 1000);
}

/** The METHOD of an iCalendar text (REQUEST, CANCEL), which the text/calendar part's `method` parameter repeats (RFC 6047). */
function calendarMethod(calendar: string): string {
  return /^METHOD:(\S+)/m.exec(calendar)?.[1] ?? 'PUBLISH';
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

/**
 * The HTML body of a mail: its text, escaped, a paragraph per blank-line-separated block (single
 * line breaks kept), web addresses as links, the academy's name as the title.
 */
export function mailHtml(subject: string, text: string, academyName: string): string {
  const paragraphs = text
    .trim()
    .split(/\n\s*\n/)
    .map((block) => `<p>${escapeHtml(block).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`).replace(/\n/g, '<br>\n')}</p>`);
  return [
    '<!DOCTYPE html>',
    '<html>',
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1f2933;">',
    `<p style="font-weight: bold;">${escapeHtml(academyName)}</p>`,
    ...paragraphs,
    '</body>',
    '</html>',
  ].join('\n');
}
