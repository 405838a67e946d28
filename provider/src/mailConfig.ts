import addressparser from 'nodemailer/lib/addressparser';

/** How the provider sends mail (config.ts `mailConfigOf`). */
export interface MailConfig {
  /** The academy's name (ACADEMY_NAME): the sender's name when MAIL_FROM gives an address only, the HTML body's title. */
  academyName: string;
  /** Delivery over SMTP (SMTP_URL and MAIL_FROM), or null: mails are only kept in the outbox (development). */
  smtp: SmtpConfig | null;
}

export interface SmtpConfig {
  /** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…` (TLS from the start). */
  url: string;
  /** The sender, from MAIL_FROM (the academy's name when it has none). */
  from: { name: string; address: string };
  /**
   * The wait before each next attempt after a failed one; when they run out the mail is marked
   * failed. Default: 1 min, 5 min, 30 min, 2 h, 6 h, 16 h (the 7th and last attempt about a day
   * after the first).
   */
  retryDelaysMs: number[];
  /** How often each instance looks for due mails besides those it queues itself (default 15 s). */
  pollIntervalMs: number;
}

const minute = 60 * 1000;
export const defaultRetryDelaysMs = [1, 5, 30, 120, 360, 960].map((minutes) => minutes * minute);

export interface MailOptions {
  smtpUrl?: string;
  mailFrom?: string;
  academyName?: string;
  mailRetryDelaysMs?: number[];
  mailPollIntervalMs?: number;
}

/**
 * The mail settings: the options given, else SMTP_URL, MAIL_FROM and ACADEMY_NAME. A wrong
 * SMTP_URL, or SMTP_URL without a usable MAIL_FROM, stops the provider naming the setting.
 */
export function mailConfigOf(options: MailOptions, env: NodeJS.ProcessEnv): MailConfig {
  const academyName = (options.academyName ?? env.ACADEMY_NAME ?? '').trim() || 'Language Academy';
  const url = (options.smtpUrl ?? env.SMTP_URL ?? '').trim();
  if (url === '') return { academyName, smtp: null };
  if (!/^smtps?:\/\/[^/]/i.test(url)) {
    throw new Error('SMTP_URL takes an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.org:587.');
  }
  const from = senderOf(options.mailFrom ?? env.MAIL_FROM, academyName);
  const retryDelaysMs = options.mailRetryDelaysMs ?? defaultRetryDelaysMs;
  const pollIntervalMs = options.mailPollIntervalMs ?? 15 * 1000;
  return { academyName, smtp: { url, from, retryDelaysMs, pollIntervalMs } };
}

function senderOf(value: string | undefined, academyName: string): SmtpConfig['from'] {
  const parsed = addressparser((value ?? '').trim(), { flatten: true });
  const sender = parsed.length === 1 ? parsed[0] : undefined;
  if (!sender || !/^[^@\s]+@[^@\s]+$/.test(sender.address)) {
    throw new Error('MAIL_FROM must be one sender address with SMTP_URL, e.g. "Language Academy <no-reply@academy.example>".');
  }
  return { name: sender.name || academyName, address: sender.address };
}
