/**
 * What the academy's admins do, from a shell (`npm run provider:admin -- <command>`, on the
 * database the provider's settings name: PROVIDER_DATA, DATABASE_URL) and from the browser (the
 * admin area, adminArea.ts), through the same functions:
 * - `create-admin <email>`: an admin account, who logs in at /admin with a code mailed to them;
 * - `pending-teachers`: the teachers who registered and wait for approval;
 * - `approve-teacher <email>`: lets them log in, and mails them so;
 * - `decline-teacher <email>`: removes the application (a pending teacher has no courses) and mails
 *   them so; an approved teacher is refused here;
 * - the categories: added and renamed (names unique whatever their case; `listCategories` lists them).
 * Each decision is taken by its write (`… WHERE approved = 0`): of two admins deciding at once,
 * one decides and the other is told it was decided.
 */
import { sql } from 'kysely';
import { dataDirFromEnv, resolveConfig } from './config';
import { type Queries, openData } from './database';
import { now } from './db';
import { Outbox } from './mail';
import { isUniqueViolation, normalizeEmail } from './accounts';
import { type CategoryRow, type TeacherRow } from './records';

/** The longest category name (the names' `maxLength` in api-spec.yaml). */
export const maxCategoryTitleLength = 100;

export const adminMessages = {
  noTeacher: (email: string) => `No teacher has registered with ${email}.`,
  alreadyApproved: (email: string) => `${email} is approved already.`,
  approvedCannotBeDeclined: (email: string) => `${email} is approved: an approved teacher is not declined here.`,
  noLongerPending: 'This teacher is no longer waiting for approval: the application was decided already.',
  adminCreated: (email: string) => `${email} is an admin now: they log in at /admin with a code mailed to them.`,
  adminExists: (email: string) => `${email} is an admin already.`,
  notAnEmail: (email: string) => `"${email}" is not an e-mail address.`,
  categoryBlank: 'Please enter the category name.',
  categoryTooLong: `The category name must be at most ${maxCategoryTitleLength} characters long.`,
  categoryTaken: (title: string) => `There is a category called ${title} already.`,
  noCategory: 'This category does not exist.',
  approvedMail: {
    subject: (academy: string) => `Your ${academy} teacher account is approved`,
    text: 'The academy has approved your teacher account. You can log in now and create your first course.',
  },
  declinedMail: {
    subject: (academy: string) => `Your ${academy} teacher application`,
    text: 'The academy has looked at your application and cannot offer you a teaching place now. Your account has been removed; you may apply again later.',
  },
} as const;

/** A refusal with a message for the admin: the shell prints it, the browser answers it as a 400. */
export class AdminError extends Error {}

/** A refusal naming something that does not exist (the browser answers 404). */
export class AdminNotFound extends AdminError {}

/** A teacher waiting for approval, as the queue lists them. */
export type PendingTeacher = Pick<TeacherRow, 'id' | 'full_name' | 'email' | 'qualification' | 'skills' | 'created_at'>;

/** Creates the admin account of `email`: `created`, or `exists` when there is one (the unique key decides). */
export async function createAdmin(queries: Queries, email: string): Promise<'created' | 'exists'> {
  const address = normalizeEmail(email);
  if (!/^[^\s@]+@[^\s@]+$/.test(address)) throw new AdminError(adminMessages.notAnEmail(email));
  const added = await queries.run(
    sql`INSERT INTO admins (email, created_at) VALUES (${address}, ${now()}) ON CONFLICT (email) DO NOTHING`,
  );
  return added === 1 ? 'created' : 'exists';
}

/** The admin with this e-mail address, if any. */
export function findAdmin(queries: Queries, email: string): Promise<{ id: number; email: string } | undefined> {
  return queries.one(sql<{ id: number; email: string }>`SELECT id, email FROM admins WHERE email = ${normalizeEmail(email)}`);
}

/** The admin with this id (a session's), if any. */
export function findAdminById(queries: Queries, id: number): Promise<{ id: number; email: string } | undefined> {
  return queries.one(sql<{ id: number; email: string }>`SELECT id, email FROM admins WHERE id = ${id}`);
}

/** The teachers waiting for approval, oldest first. */
export function pendingTeachers(queries: Queries): Promise<PendingTeacher[]> {
  return queries.all(
    sql<PendingTeacher>`SELECT id, full_name, email, qualification, skills, created_at FROM teachers WHERE approved = 0 ORDER BY created_at, id`,
  );
}

async function teacherByEmail(queries: Queries, email: string): Promise<TeacherRow> {
  const teacher = await queries.one(sql<TeacherRow>`SELECT * FROM teachers WHERE email = ${normalizeEmail(email)}`);
  if (!teacher) throw new AdminError(adminMessages.noTeacher(email));
  return teacher;
}

/** The teacher with this id while they wait for approval; else (decided, declined and removed, or never there) an AdminError. */
export async function pendingTeacherById(queries: Queries, id: number): Promise<TeacherRow> {
  const teacher = await queries.one(sql<TeacherRow>`SELECT * FROM teachers WHERE id = ${id} AND approved = 0`);
  if (!teacher) throw new AdminError(adminMessages.noLongerPending);
  return teacher;
}

/** A mail to a teacher: the greeting, the paragraph, the academy's name as the signature (as accounts.ts writes them). */
function teacherMail(academy: string, teacher: TeacherRow, mail: { subject: (academy: string) => string; text: string }) {
  return { to: teacher.email, subject: mail.subject(academy), text: [`Hello ${teacher.full_name},`, mail.text, academy].join('\n\n') };
}

/**
 * Approves `teacher` and mails them. The update decides: when the teacher was approved (or
 * removed) meanwhile, `already` is thrown and nothing is mailed.
 */
export async function approve(queries: Queries, outbox: Outbox, academy: string, teacher: TeacherRow, already: string): Promise<void> {
  const approved = await queries.run(sql`UPDATE teachers SET approved = 1 WHERE id = ${teacher.id} AND approved = 0`);
  if (approved === 0) throw new AdminError(already);
  await outbox.send(teacherMail(academy, teacher, adminMessages.approvedMail));
}

/** Declines `teacher`'s application (the account goes) and mails them; the delete decides, as `approve`'s update. */
export async function decline(queries: Queries, outbox: Outbox, academy: string, teacher: TeacherRow, already: string): Promise<void> {
  const declined = await queries.run(sql`DELETE FROM teachers WHERE id = ${teacher.id} AND approved = 0`);
  if (declined === 0) throw new AdminError(already);
  await outbox.send(teacherMail(academy, teacher, adminMessages.declinedMail));
}

/** Approves the teacher registered with `email` and mails them (signed with the academy's name). */
export async function approveTeacher(queries: Queries, outbox: Outbox, academy: string, email: string): Promise<void> {
  const teacher = await teacherByEmail(queries, email);
  await approve(queries, outbox, academy, teacher, adminMessages.alreadyApproved(email));
}

/** Declines the pending application registered with `email`: the account goes, and the applicant is told. */
export async function declineTeacher(queries: Queries, outbox: Outbox, academy: string, email: string): Promise<void> {
  const teacher = await teacherByEmail(queries, email);
  await decline(queries, outbox, academy, teacher, adminMessages.approvedCannotBeDeclined(email));
}

/** A category name: trimmed, not blank, at most `maxCategoryTitleLength` characters. */
function categoryTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed === '') throw new AdminError(adminMessages.categoryBlank);
  if ([...trimmed].length > maxCategoryTitleLength) throw new AdminError(adminMessages.categoryTooLong);
  return trimmed;
}

/** 'French' when another category is called 'french' (or 'FRENCH'); the unique index of migration 21 decides races. */
async function assertTitleFree(queries: Queries, title: string, exceptId?: number): Promise<void> {
  const taken = await queries.one(
    sql<{ id: number }>`SELECT id FROM categories WHERE casefold(title) = casefold(${title}) AND id <> ${exceptId ?? 0}`,
  );
  if (taken) throw new AdminError(adminMessages.categoryTaken(title));
}

/** Runs a category write; a name another write took meanwhile is refused as taken. */
async function writingTitle<T>(title: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AdminError(adminMessages.categoryTaken(title));
    throw error;
  }
}

/** Adds a category called `title`. */
export async function addCategory(queries: Queries, title: string): Promise<CategoryRow> {
  const name = categoryTitle(title);
  await assertTitleFree(queries, name);
  const row = await writingTitle(name, () => queries.one(sql<{ id: number }>`INSERT INTO categories (title) VALUES (${name}) RETURNING id`));
  return { id: (row as { id: number }).id, title: name };
}

/** Renames category `id` to `title` (a change of case alone is a rename too). */
export async function renameCategory(queries: Queries, id: number, title: string): Promise<CategoryRow> {
  const name = categoryTitle(title);
  await assertTitleFree(queries, name, id);
  const renamed = await writingTitle(name, () => queries.run(sql`UPDATE categories SET title = ${name} WHERE id = ${id}`));
  if (renamed === 0) throw new AdminNotFound(adminMessages.noCategory);
  return { id, title: name };
}

const usage =
  'Usage: npm run provider:admin -- create-admin <email> | pending-teachers | approve-teacher <email> | decline-teacher <email>';

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
    if (command === 'create-admin') {
      const made = await createAdmin(data.queries, email);
      return made === 'created' ? adminMessages.adminCreated(normalizeEmail(email)) : adminMessages.adminExists(normalizeEmail(email));
    }
    if (command === 'approve-teacher') {
      await approveTeacher(data.queries, outbox, config.mail.academyName, email);
      return `${email} is approved and has been told by mail.`;
    }
    if (command === 'decline-teacher') {
      await declineTeacher(data.queries, outbox, config.mail.academyName, email);
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
