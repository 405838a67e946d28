import { randomUUID } from 'node:crypto';
import { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type Queries } from './database';
import { now } from './db';
import { HttpError, messages } from './errors';
import { type MailConfig } from './mailConfig';
import { type MailLog, MailDelivery } from './mailDelivery';
import { type OutboxRow } from './rows.generated';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The one-time code the mail carries, listed separately so tests and developers find it. */
  code?: string;
  /**
   * The one-click unsubscribe address of a notification mail: sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058).
   */
  unsubscribeUrl?: string;
  /**
   * An iCalendar text (RFC 5545) sent with the mail as its `text/calendar` part, so calendar apps
   * offer to add, update or remove the event: an invitation (METHOD:REQUEST) or a cancellation
   * (METHOD:CANCEL).
   */
  calendar?: string;
}

export interface OutboxEntry extends Mail {
  id: number;
  created_at: string;
}

/**
 * Every mail the provider sends is written to the outbox table. With SMTP (SMTP_URL, MAIL_FROM)
 * it is queued there and delivered in the background (mailDelivery.ts); without, it is only kept
 * (and printed): the local provider in development sends no mail.
 */
export class Outbox {
  private readonly delivery: MailDelivery | null;
  /** The domain of Message-IDs: the sender's. */
  private readonly domain: string;

  constructor(
    private readonly queries: Queries,
    private readonly print: boolean,
    mail: MailConfig,
  ) {
    this.delivery = mail.smtp ? new MailDelivery(queries, mail.smtp, mail.academyName) : null;
    this.domain = mail.smtp?.from.address.split('@')[1] ?? 'localhost';
  }

  /** Delivers over SMTP, if set, from now on (the mails queued before first); `log` receives each attempt and failure. */
  start(log?: MailLog): void {
    if (!this.delivery) return;
    if (log) this.delivery.log = log;
    this.delivery.start();
  }

  /** Stops delivering (after the attempt under way). */
  async stop(): Promise<void> {
    await this.delivery?.stop();
  }

  /**
   * Keeps or queues `mail`. Given a transaction's `queries`, the mail is written in it (sent only
   * if it commits, e.g. a receipt with its payment); call `wake` once it has committed.
   */
  async send(mail: Mail, queries: Queries = this.queries): Promise<void> {
    const created = now();
    const queued = this.delivery !== null;
    await queries.run(
      sql`INSERT INTO outbox (to_address, subject, text, code, created_at, state, message_id, next_attempt_at, list_unsubscribe, calendar)
          VALUES (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.code ?? null}, ${created},
                  ${queued ? 'queued' : 'kept'}, ${`<${randomUUID()}@${this.domain}>`}, ${queued ? created : null},
                  ${mail.unsubscribeUrl ?? null}, ${mail.calendar ?? null})`,
    );
    // Printed only when kept: a mail sent over SMTP (a code, a reset link) stays out of the logs.
    if (this.print && !queued) console.info(`[mail] to ${mail.to}: ${mail.subject}\n${indent(mail.text)}`);
    if (queries === this.queries) this.delivery?.wake();
  }

  /** Looks for mails to deliver now (after a transaction that queued some has committed). */
  wake(): void {
    this.delivery?.wake();
  }

  async list(): Promise<OutboxEntry[]> {
    const rows = await this.queries.all(
      sql<Pick<OutboxRow, 'id' | 'to_address' | 'subject' | 'text' | 'code' | 'created_at' | 'list_unsubscribe' | 'calendar'>>`SELECT id, to_address, subject, text, code, created_at, list_unsubscribe, calendar
        FROM outbox ORDER BY id DESC`,
    );
    return rows.map(({ to_address, code, list_unsubscribe, calendar, ...rest }) => ({
      ...rest,
      to: to_address,
      ...(code === null ? {} : { code }),
      ...(list_unsubscribe === null ? {} : { unsubscribeUrl: list_unsubscribe }),
      ...(calendar === null ? {} : { calendar }),
    }));
  }
}

/**
 * `GET /dev/outbox`: the mails sent so far, newest first (development mode only, not in
 * api-spec.yaml). It carries every code and reset link, so it answers only a client on this
 * machine that addressed it by a loopback name: a remote client, or a page of another site
 * whose host name resolves to 127.0.0.1 (DNS rebinding), gets the 404 of an unknown route.
 */
export function registerOutboxRoute(app: FastifyInstance, outbox: Outbox): void {
  app.get('/dev/outbox', async (request) => {
    const local =
      isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip) && isLoopbackHost(request.host);
    if (!local) throw new HttpError(404, `${messages.routeNotFound} GET /dev/outbox`);
    return outbox.list();
  });
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 spelling. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.replace(/^::ffff:/i, '');
  return address === '::1' || /^127(\.\d{1,3}){3}$/.test(ipv4);
}

/** A `Host` naming this machine: localhost, a loopback address, with or without a port. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.toLowerCase().replace(/:\d+$/, '');
  return name === 'localhost' || name === '[::1]' || isLoopbackAddress(name);
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
