import { type FastifyRequest } from 'fastify';
import { type ProviderContext, viewerOf } from './context';
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
export function mayOpenPrivateMedia(context: ProviderContext, request: FastifyRequest, url: string): boolean {
  const owners = privateMediaOwners(context, url);
  if (!owners) return false;
  const viewer = viewerOf(context, request);
  const isOwner = viewer.studentId === owners.student_id || viewer.teacherId === owners.teacher_id;
  return isOwner && isTeachersStudent(context.db, owners.teacher_id, owners.student_id);
}

interface Owners {
  teacher_id: number;
  student_id: number;
}

function privateMediaOwners({ db }: ProviderContext, url: string): Owners | undefined {
  const folder = url.split('/')[2];
  const query =
    folder === 'assignment_answers'
      ? `SELECT teacher_id, student_id FROM assignments WHERE answer_voice = @url
         UNION ALL SELECT teacher_id, student_id FROM assignments WHERE answer_file = @url`
      : folder === 'assignment_feedback'
        ? 'SELECT teacher_id, student_id FROM assignments WHERE feedback_voice = @url'
        : folder === 'message_voices'
          ? 'SELECT teacher_id, student_id FROM messages WHERE voice = @url'
          : null;
  return query ? (db.prepare(`${query} LIMIT 1`).get({ url }) as Owners | undefined) : undefined;
}
