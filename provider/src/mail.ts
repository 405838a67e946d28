import { type FastifyInstance } from 'fastify';
import { type Db, now } from './db';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The one-time code the mail carries, listed separately so tests and developers find it. */
  code?: string;
}

export interface OutboxEntry extends Mail {
  id: number;
  created_at: string;
}

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  text: string;
  code: string | null;
  created_at: string;
}

/** The local provider sends no mail: it logs each one and keeps it in the outbox table. */
export class Outbox {
  constructor(
    private readonly db: Db,
    private readonly print: boolean,
  ) {}

  send(mail: Mail): void {
    this.db
      .prepare('INSERT INTO outbox (to_address, subject, text, code, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(mail.to, mail.subject, mail.text, mail.code ?? null, now());
    if (this.print) console.info(`[mail] to ${mail.to}: ${mail.subject}\n${indent(mail.text)}`);
  }

  list(): OutboxEntry[] {
    const rows = this.db.prepare('SELECT * FROM outbox ORDER BY id DESC').all() as OutboxRow[];
    return rows.map(({ to_address, code, ...rest }) => ({
      ...rest,
      to: to_address,
      ...(code === null ? {} : { code }),
    }));
  }
}

/** `GET /dev/outbox`: the mails sent so far, newest first (local provider only, not in api-spec.yaml). */
export function registerOutboxRoute(app: FastifyInstance, outbox: Outbox): void {
  app.get('/dev/outbox', async () => outbox.list());
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
