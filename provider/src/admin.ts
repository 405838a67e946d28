/**
 * `npm run provider:admin -- <command>`: what the academy does from a shell, on the database the
 * provider's settings name (PROVIDER_DATA, DATABASE_URL).
 * - `pending-teachers`: the teachers who registered and wait for approval;
 * - `approve-teacher <email>`: lets them log in, and mails them so;
 * - `decline-teacher <email>`: removes the application (a pending teacher has no courses) and mails
 *   them so; an approved teacher is refused here.
 */
import { sql } from 'kysely';
import { dataDirFromEnv, resolveConfig } from './config';
import { type Queries, openData } from './database';
import { Outbox } from './mail';
import { normalizeEmail } from './accounts';
import { type TeacherRow } from './records';

export const adminMessages = {
  noTeacher: (email: string) => `No teacher has registered with ${email}.`,
  alreadyApproved: (email: string) => `${email} is approved already.`,
  approvedCannotBeDeclined: (email: string) => `${email} is approved: an approved teacher is not declined here.`,
  approvedMail: {
    subject: 'Your teacher account is approved',
    text: 'The academy has approved your teacher account. You can log in now and create your first course.',
  },
  declinedMail: {
    subject: 'Your teacher application',
    text: 'The academy has looked at your application and cannot offer you a teaching place now. Your account has been removed; you may apply again later.',
  },
} as const;

export class AdminError extends Error {}

async function pendingTeacher(queries: Queries, email: string): Promise<TeacherRow> {
  const teacher = await queries.one(sql<TeacherRow>`SELECT * FROM teachers WHERE email = ${normalizeEmail(email)}`);
  if (!teacher) throw new AdminError(adminMessages.noTeacher(email));
  return teacher;
}

/** The teachers waiting for approval, oldest first. */
export function pendingTeachers(queries: Queries): Promise<Pick<TeacherRow, 'id' | 'full_name' | 'email' | 'created_at'>[]> {
  return queries.all(sql<TeacherRow>`SELECT id, full_name, email, created_at FROM teachers WHERE approved = 0 ORDER BY created_at, id`);
}

/** Approves the teacher registered with `email` and mails them. */
export async function approveTeacher(queries: Queries, outbox: Outbox, email: string): Promise<void> {
  const teacher = await pendingTeacher(queries, email);
  const approved = await queries.run(sql`UPDATE teachers SET approved = 1 WHERE id = ${teacher.id} AND approved = 0`);
  if (approved === 0) throw new AdminError(adminMessages.alreadyApproved(email));
  await outbox.send({ to: teacher.email, ...adminMessages.approvedMail });
}

/** Declines the pending application registered with `email`: the account goes, and the applicant is told. */
export async function declineTeacher(queries: Queries, outbox: Outbox, email: string): Promise<void> {
  const teacher = await pendingTeacher(queries, email);
  const declined = await queries.run(sql`DELETE FROM teachers WHERE id = ${teacher.id} AND approved = 0`);
  if (declined === 0) throw new AdminError(adminMessages.approvedCannotBeDeclined(email));
  await outbox.send({ to: teacher.email, ...adminMessages.declinedMail });
}

const usage = 'Usage: npm run provider:admin -- pending-teachers | approve-teacher <email> | decline-teacher <email>';

async function run([command, email]: string[]): Promise<string> {
  const config = resolveConfig({ dataDir: dataDirFromEnv() });
  const data = await openData(config.database);
  try {
    // Queued here, delivered by the running provider (over SMTP when it has SMTP_URL).
    const outbox = new Outbox(data.queries, config.logMail, config.mail);
    if (command === 'pending-teachers') {
      const pending = await pendingTeachers(data.queries);
      return pending.length === 0 ? 'No teacher waits for approval.' : pending.map((teacher) => `${teacher.email}  ${teacher.full_name}  (since ${teacher.created_at})`).join('\n');
    }
    if (!email) throw new AdminError(usage);
    if (command === 'approve-teacher') {
      await approveTeacher(data.queries, outbox, email);
      return `${email} is approved and has been told by mail.`;
    }
    if (command === 'decline-teacher') {
      await declineTeacher(data.queries, outbox, email);
      return `${email}'s application is declined and removed; they have been told by mail.`;
    }
    throw new AdminError(usage);
  } finally {
    await data.close();
  }
}

if (require.main === module) {
  run(process.argv.slice(2)).then(
    (said) => console.info(said),
    (error: unknown) => {
      console.error(error instanceof AdminError ? error.message : error);
      process.exit(1);
    },
  );
}
