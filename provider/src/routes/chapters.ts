import { sql } from 'kysely';
import { type ProviderContext, viewerOf } from '../context';
import { now } from '../db';
import { badRequest } from '../errors';
import { visibleCourse } from '../drafts';
import { type ChapterRow, requireChapter } from '../records';
import { claimVideoUpload, resumableVideoTypes, uploadMessages } from '../resumableUploads';
import { type Handlers } from '../router';
import { ownedCourse } from './guards';
import { file, id, nonBlank, optionalText, text } from './values';

export function chapterHandlers(context: ProviderContext): Handlers {
  const { queries, present, media } = context;

  /** The chapter when the caller teaches its course. */
  const ownedChapter = async (request: Parameters<typeof ownedCourse>[1], chapterId: number): Promise<ChapterRow> => {
    await context.sessions.require(request, 'teacher');
    const chapter = await requireChapter(queries, chapterId);
    await ownedCourse(context, request, chapter.course_id);
    return chapter;
  };

  /** The new video: a multipart file checked and kept, or a finished resumable upload claimed (resumableUploads.ts); null for neither. */
  const keptVideo = async (video: ReturnType<typeof file>, uploadId: string | null, teacherId: number) =>
    video ? media.keepVideo(video) : uploadId !== null ? claimVideoUpload(context, teacherId, uploadId) : null;

  return {
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
      const uploadId = uploadOf(body.video_upload, video !== undefined);
      if (!video && uploadId === null) throw badRequest('A chapter video is required.');
      const captions = file(body.captions);
      // Captions first: a refused captions file leaves no video behind.
      const captionsUrl = captions ? await media.keep(captions) : null;
      const kept = (await keptVideo(video, uploadId, course.teacher_id).catch(async (error: unknown) => {
        await media.remove(captionsUrl);
        throw error;
      })) as { url: string; seconds: number | null };
      const inserted = (await queries.one(
        sql<{ id: number }>`INSERT INTO chapters (course_id, title, description, video, captions, remarks, created_at, duration_seconds,
            is_preview)
          VALUES (${course.id}, ${title}, ${text(body.description)}, ${kept.url}, ${captionsUrl}, ${text(body.remarks)}, ${now()},
            ${kept.seconds}, ${body.is_preview === true ? 1 : 0})
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
      const uploadId = uploadOf(body.video_upload, video !== undefined);
      const captions = file(body.captions);
      // Each new file is kept (and checked) before anything changes; omitted ones stay as they are.
      const newCaptionsUrl = captions ? await media.keep(captions) : null;
      const newVideo = await keptVideo(video, uploadId, course.teacher_id).catch(async (error: unknown) => {
        await media.remove(newCaptionsUrl);
        throw error;
      });
      const newVideoUrl = newVideo?.url ?? null;
      const videoUrl = newVideoUrl ?? chapter.video;
      const duration = newVideo ? newVideo.seconds : chapter.duration_seconds;
      await queries.run(
        sql`UPDATE chapters SET course_id = ${course.id}, title = ${title},
              description = ${optionalText(body.description) ?? chapter.description},
              remarks = ${optionalText(body.remarks) ?? chapter.remarks}, video = ${videoUrl},
              captions = ${newCaptionsUrl ?? chapter.captions}, duration_seconds = ${duration},
              is_preview = ${body.is_preview === undefined ? chapter.is_preview : body.is_preview === true ? 1 : 0}
            WHERE id = ${chapter.id}`,
      );
      if (newVideoUrl) await media.remove(chapter.video);
      if (newCaptionsUrl) await media.remove(chapter.captions);
      return present.chapter(await requireChapter(queries, chapter.id), true);
    },

    async getUploadOptions(request) {
      await context.sessions.require(request, 'teacher');
      return {
        protocol: 'tus',
        version: '1.0.0',
        max_bytes: context.config.resumableVideoLimitBytes,
        expires_after_seconds: Math.round(context.config.resumableUploadExpiryMs / 1000),
        types: [...resumableVideoTypes],
      };
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

/** The `video_upload` id (a finished resumable upload, resumableUploads.ts), or null; a 400 when a video file came too. */
function uploadOf(value: unknown, withFile: boolean): string | null {
  if (typeof value !== 'string' || value === '') return null;
  if (withFile) throw badRequest(uploadMessages.both);
  return value;
}
