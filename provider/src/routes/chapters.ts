import { sql } from 'kysely';
import { type ProviderContext, viewerOf } from '../context';
import { now } from '../db';
import { badRequest } from '../errors';
import { visibleCourse } from '../drafts';
import { type ChapterRow, requireChapter } from '../records';
import { type Handlers } from '../router';
import { ownedCourse } from './guards';
import { file, id, nonBlank, optionalText, text } from './values';

/** The answer to a chapter order that is not exactly the course's chapters. */
export const chapterOrderRefused = 'List every chapter of the course once.';

/** The position after the course's last chapter: where a new (or newly moved-in) chapter goes. */
const lastPosition = (courseId: number) => sql`(SELECT COALESCE(MAX(position), 0) + 1 FROM chapters WHERE course_id = ${courseId})`;

export function chapterHandlers(context: ProviderContext): Handlers {
  const { queries, present, media } = context;

  /** The chapter when the caller teaches its course. */
  const ownedChapter = async (request: Parameters<typeof ownedCourse>[1], chapterId: number): Promise<ChapterRow> => {
    await context.sessions.require(request, 'teacher');
    const chapter = await requireChapter(queries, chapterId);
    await ownedCourse(context, request, chapter.course_id);
    return chapter;
  };

  return {
    async reorderChapters(request) {
      const course = await ownedCourse(context, request, id(request.params.course_id));
      const order = String(request.body.chapter_ids).split(',').map(Number);
      await queries.transaction(async (tx) => {
        const current = (await tx.all(sql<{ id: number }>`SELECT id FROM chapters WHERE course_id = ${course.id}`)).map((row) => row.id);
        if (order.length !== current.length || new Set(order).size !== order.length || order.some((chapterId) => !current.includes(chapterId))) {
          throw badRequest(chapterOrderRefused);
        }
        // Each write names the course, so a chapter moved away meanwhile (another instance) is
        // not counted, and the whole order is refused and rolled back.
        let moved = 0;
        for (const [index, chapterId] of order.entries()) {
          moved += await tx.run(sql`UPDATE chapters SET position = ${index + 1} WHERE id = ${chapterId} AND course_id = ${course.id}`);
        }
        if (moved !== order.length) throw badRequest(chapterOrderRefused);
      });
      return (await present.chapterRows(course.id)).map((chapter) => present.chapter(chapter, true, course));
    },

    async listCourseChapters(request) {
      const viewer = await viewerOf(context, request);
      // A draft's chapters only to its teacher and enrolled students (drafts.ts).
      const course = await visibleCourse(queries, id(request.params.course_id), viewer);
      const showVideos = await present.mayWatch(viewer, course);
      return (await present.chapterRows(course.id)).map((chapter) => present.chapter(chapter, showVideos, course));
    },

    async createChapter(request, reply) {
      const { body } = request;
      const course = await ownedCourse(context, request, id(body.course, 'course'));
      const title = nonBlank(body.title, 'title');
      const video = file(body.video);
      if (!video) throw badRequest('A chapter video is required.');
      const captions = file(body.captions);
      // Captions first: a refused captions file leaves no video behind.
      const captionsUrl = captions ? await media.keep(captions) : null;
      const kept = await media.keepVideo(video).catch(async (error: unknown) => {
        await media.remove(captionsUrl);
        throw error;
      });
      const inserted = (await queries.one(
        sql<{ id: number }>`INSERT INTO chapters (course_id, title, description, video, captions, remarks, created_at, duration_seconds,
            is_preview, position)
          VALUES (${course.id}, ${title}, ${text(body.description)}, ${kept.url}, ${captionsUrl}, ${text(body.remarks)}, ${now()},
            ${kept.seconds}, ${body.is_preview === true ? 1 : 0}, ${lastPosition(course.id)})
          RETURNING id`,
      )) as { id: number };
      return reply.code(201).send(present.chapter(await requireChapter(queries, inserted.id), true));
    },

    async getChapter(request) {
      return present.chapter(await ownedChapter(request, id(request.params.id)), true);
    },

    async updateChapter(request) {
      const chapter = await ownedChapter(request, id(request.params.id));
      const { body } = request;
      // A chapter may move to another course of the same teacher.
      const course = await ownedCourse(context, request, id(body.course, 'course'));
      const title = nonBlank(body.title, 'title');
      const video = file(body.video);
      const captions = file(body.captions);
      // Each new file is kept (and checked) before anything changes; omitted ones stay as they are.
      const newCaptionsUrl = captions ? await media.keep(captions) : null;
      const newVideo = video
        ? await media.keepVideo(video).catch(async (error: unknown) => {
            await media.remove(newCaptionsUrl);
            throw error;
          })
        : null;
      const newVideoUrl = newVideo?.url ?? null;
      const videoUrl = newVideoUrl ?? chapter.video;
      const duration = newVideo ? newVideo.seconds : chapter.duration_seconds;
      await queries.run(
        sql`UPDATE chapters SET course_id = ${course.id}, title = ${title},
              description = ${optionalText(body.description) ?? chapter.description},
              remarks = ${optionalText(body.remarks) ?? chapter.remarks}, video = ${videoUrl},
              captions = ${newCaptionsUrl ?? chapter.captions}, duration_seconds = ${duration},
              is_preview = ${body.is_preview === undefined ? chapter.is_preview : body.is_preview === true ? 1 : 0},
              position = ${course.id === chapter.course_id ? chapter.position : lastPosition(course.id)}
            WHERE id = ${chapter.id}`,
      );
      if (newVideoUrl) await media.remove(chapter.video);
      if (newCaptionsUrl) await media.remove(chapter.captions);
      return present.chapter(await requireChapter(queries, chapter.id), true);
    },

    async deleteChapter(request, reply) {
      const chapter = await ownedChapter(request, id(request.params.id));
      // Its exercises go with it (ON DELETE CASCADE), and their model recordings after them.
      const recordings = await queries.all(
        sql<{ audio: string }>`SELECT audio FROM exercises WHERE chapter_id = ${chapter.id} AND audio IS NOT NULL`,
      );
      await queries.run(sql`DELETE FROM chapters WHERE id = ${chapter.id}`);
      await media.remove(chapter.video);
      await media.remove(chapter.captions);
      for (const { audio } of recordings) await media.remove(audio);
      return reply.code(204).send();
    },
  };
}
