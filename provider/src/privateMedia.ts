import path from 'node:path';
import { type FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { type ProviderContext, viewerOf } from './context';
import { downloadName } from '../../src/api/downloadName';
import { isTeachersStudent } from './records';

/**
 * Who may open a file of a private folder (media.ts `privateFolders`), by its canonical
 * `/media/<folder>/<name>` URL: the file's student (with the student session) or teacher (with the
 * teacher session), and only while the student is enrolled in one of that teacher's courses.
 * A file no row names (removed, replaced, never kept) goes to nobody.
 *
 * - `assignment_answers`: a student's answer (`assignments.answer_voice`, `answer_file`)
 * - `assignment_feedback`: a teacher's voice feedback (`assignments.feedback_voice`)
 * - `message_voices`: a voice note in a message (`messages.voice`)
 */
export async function mayOpenPrivateMedia(context: ProviderContext, request: FastifyRequest, url: string): Promise<boolean> {
  const owners = await privateMediaOwners(context, url);
  if (!owners) return false;
  const viewer = await viewerOf(context, request);
  const isOwner = viewer.studentId === owners.student_id || viewer.teacherId === owners.teacher_id;
  return isOwner && await isTeachersStudent(context.queries, owners.teacher_id, owners.student_id);
}

interface Owners {
  teacher_id: number;
  student_id: number;
}

async function privateMediaOwners({ queries }: ProviderContext, url: string): Promise<Owners | undefined> {
  const folder = url.split('/')[2];
  const query =
    folder === 'assignment_answers'
      ? sql`SELECT teacher_id, student_id FROM assignments WHERE answer_voice = ${url}
            UNION ALL SELECT teacher_id, student_id FROM assignments WHERE answer_file = ${url}`
      : folder === 'assignment_feedback'
        ? sql`SELECT teacher_id, student_id FROM assignments WHERE feedback_voice = ${url}`
        : folder === 'message_voices'
          ? sql`SELECT teacher_id, student_id FROM messages WHERE voice = ${url}`
          : null;
  return query ? queries.one(sql<Owners>`${query} LIMIT 1`) : undefined;
}

/**
 * The name a private file is downloaded under (its `Content-Disposition`): a student's answer file
 * by the name they gave it, cleaned, with the extension the provider stored it under (what its
 * content is), so `homework.html` holding text downloads as `homework.txt`; any other file
 * (recordings) by its stored name.
 */
export async function privateDownloadName({ queries }: ProviderContext, url: string): Promise<string> {
  const stored = path.posix.basename(url);
  if (url.split('/')[2] !== 'assignment_answers') return stored;
  const given = await queries.one(
    sql<{ answer_file_name: string | null }>`SELECT answer_file_name FROM assignments WHERE answer_file = ${url} LIMIT 1`,
  );
  return given === undefined ? stored : downloadName(given.answer_file_name, path.posix.extname(stored));
}

/** `attachment` with the name: an ASCII `filename` for old clients and the exact one in `filename*` (RFC 6266, RFC 8187). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
