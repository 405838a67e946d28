import { sql } from 'kysely';
import { type ProviderContext } from '../context';
import { now } from '../db';
import { badRequest } from '../errors';
import { iceServersFor, messageAnswer, roomLesson, roomMessages, roomWindow, signalPath } from '../lessonRoom';
import { type Handlers } from '../router';
import { type LessonMessageRow, type StudentRow, type TeacherRow } from '../rows.generated';
import { id, text } from './values';

const longestMessage = 2000;

/** A booked lesson's room: its hours, the call's ICE servers and its chat (issue 40; lessonRoom.ts relays the call). */
export function lessonRoomHandlers(context: ProviderContext): Handlers {
  const { queries } = context;
  return {
    async getLessonRoom(request) {
      const lessonId = id(request.params.lesson_id);
      const { lesson, side } = await roomLesson(context, request, lessonId);
      const { opensAt, closesAt } = roomWindow(lesson);
      const other =
        side === 'student'
          ? await queries.one(sql<Pick<TeacherRow, 'full_name'>>`SELECT full_name FROM teachers WHERE id = ${lesson.teacher_id}`)
          : await queries.one(sql<Pick<StudentRow, 'full_name'>>`SELECT full_name FROM students WHERE id = ${lesson.student_id}`);
      return {
        lesson_id: lesson.id,
        title: lesson.title,
        starts_at: lesson.starts_at,
        ends_at: lesson.ends_at,
        opens_at: new Date(opensAt).toISOString(),
        closes_at: new Date(closesAt).toISOString(),
        role: side,
        other_name: other?.full_name ?? '',
        ice_servers: iceServersFor(context.config.ice, `lesson-${lesson.id}-${side}`, closesAt),
        signal_path: signalPath(lesson.id),
        messages: await roomMessages(queries, lesson.id),
      };
    },

    async sendLessonMessage(request, reply) {
      const lessonId = id(request.params.lesson_id);
      const { lesson, side } = await roomLesson(context, request, lessonId);
      const message = text(request.body.text);
      if (message === '') throw badRequest('Please write a message.');
      if ([...message].length > longestMessage) throw badRequest(`A message has at most ${longestMessage} characters.`);
      const { opensAt, closesAt } = roomWindow(lesson);
      const at = Date.now();
      if (at < opensAt || at >= closesAt) throw badRequest('The lesson room is closed.');
      const row = (await queries.one(
        sql<LessonMessageRow>`INSERT INTO lesson_messages (lesson_id, author, text, sent_at) VALUES (${lesson.id}, ${side}, ${message}, ${now()}) RETURNING *`,
      )) as LessonMessageRow;
      const answer = messageAnswer(row);
      await context.rooms.sendMessage(lesson.id, answer);
      return reply.code(201).send(answer);
    },
  };
}
