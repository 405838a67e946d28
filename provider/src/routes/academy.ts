import { type RawBuilder, sql } from 'kysely';
import { normalizeEmail } from '../accounts';
import { type ProviderContext } from '../context';
import { now } from '../db';
import { badRequest } from '../errors';
import { type Handlers } from '../router';
import { addressKey } from '../throttle';
import { text } from './values';

/** Where contact messages are mailed: the academy's address, as the app's contact page shows it. */
export const academyInbox = 'hello@languageacademy.example';

export const academyMessages = {
  subscribed: (email: string) => `Thank you, you are subscribed. A confirmation is on its way to ${email}.`,
  contactSent: 'Your message was sent. We answer within two working days, by e-mail.',
  blank: (field: string) => `Please enter your ${field}.`,
} as const;

/** The per-language counts: each course's comma-separated `languages`, trimmed, counted once per course. */
function languageCounts(rows: { languages: string }[]): { language: string; courses: number }[] {
  const counts = new Map<string, { language: string; courses: number }>();
  for (const { languages } of rows) {
    const names = new Set(
      languages
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    );
    const seen = new Set<string>();
    for (const name of names) {
      const key = name.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = counts.get(key) ?? { language: name, courses: 0 };
      entry.courses += 1;
      counts.set(key, entry);
    }
  }
  return [...counts.values()].sort((a, b) => b.courses - a.courses || a.language.localeCompare(b.language));
}

/** The academy's figures, newsletter and contact form (extensions). */
export function academyHandlers(context: ProviderContext): Handlers {
  const { queries, outbox, throttle } = context;

  /** A mailing operation counts against the e-mail address and the caller's address (429 while either must wait). */
  const countMailing = (request: Parameters<typeof addressKey>[0], email: string) =>
    throttle.attempt([addressKey(request), { family: 'mailing', id: normalizeEmail(email) }]);

  return {
    async getCatalogueCounts() {
      const count = async (query: RawBuilder<{ count: number }>) => ((await queries.one(query)) as { count: number }).count;
      return {
        // The catalogue's courses: drafts are left out (drafts.ts).
        courses: await count(sql`SELECT COUNT(*) AS count FROM courses WHERE status = 'published'`),
        teachers: await count(sql`SELECT COUNT(*) AS count FROM teachers WHERE approved = 1`),
        students: await count(sql`SELECT COUNT(DISTINCT student_id) AS count FROM enrollments`),
        languages: languageCounts(await queries.all(sql<{ languages: string }>`SELECT languages FROM courses WHERE status = 'published'`)),
      };
    },

    async subscribeNewsletter(request) {
      const email = normalizeEmail(text(request.body.email));
      await countMailing(request, email);
      const added = await queries.run(
        sql`INSERT INTO newsletter_subscribers (email, created_at) VALUES (${email}, ${now()}) ON CONFLICT (email) DO NOTHING`,
      );
      if (added === 1) {
        await outbox.send({
          to: email,
          subject: `You are subscribed to the ${context.config.mail.academyName} newsletter`,
          text: 'Thank you for subscribing. Once a month we write about new courses, teachers and offers.\n\nDid not ask for this? Ignore this mail, or reply and we will remove your address.',
        });
      }
      return { bool: true, msg: academyMessages.subscribed(email) };
    },

    async sendContactMessage(request) {
      const { body } = request;
      const fields = { name: text(body.name), email: text(body.email), subject: text(body.subject), message: text(body.message) };
      for (const field of ['name', 'subject', 'message'] as const) {
        if (fields[field] === '') throw badRequest(academyMessages.blank(field));
      }
      await countMailing(request, fields.email);
      await queries.run(
        sql`INSERT INTO contact_messages (name, email, subject, message, created_at)
            VALUES (${fields.name}, ${fields.email}, ${fields.subject}, ${fields.message}, ${now()})`,
      );
      await outbox.send({
        to: academyInbox,
        // One line: a subject carrying line breaks must not become extra mail headers on a real mailer.
        subject: `Contact form: ${fields.subject.replace(/[\r\n]+/g, ' ')}`,
        text: `From ${fields.name} <${fields.email}> (answer to this address)\n\n${fields.message}`,
      });
      return { bool: true, msg: academyMessages.contactSent };
    },
  };
}
