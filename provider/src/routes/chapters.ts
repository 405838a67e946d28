import { sql } from 'kysely';
import { type ProviderContext, viewerOf } from '../context';
import { now } from '../db';
import { badRequest, notFound } from '../errors';
import { visibleCourse } from '../drafts';
import { languageName } from '../presenters';
import { type ChapterRow, requireChapter } from '../records';
import { claimVideoUpload, resumableVideoTypes, uploadMessages } from '../resumableUploads';
import { type Handlers, checkingBeforeBody } from '../router';
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

  /** The teacher's answer for a chapter: its video, captions and every caption track. */
  const ownAnswer = async (chapter: ChapterRow) => {
    const tracks = await present.captionTracks([chapter.id]);
    return present.chapter(chapter, true, undefined, tracks.get(chapter.id));
  };

  /** The files of the chapters' caption tracks other than English, to remove once the rows are gone. */
  const trackFiles = async (chapterIds: readonly number[]) =>
    [...(await present.captionTracks(chapterIds)).values()].flat().map((track) => track.url);

  /** The new video: a multipart file checked and kept, or a finished resumable upload claimed (resumableUploads.ts); null for neither. */
  const keptVideo = async (video: ReturnType<typeof file>, uploadId: string | null, teacherId: number) =>
    video ? media.keepVideo(video) : uploadId !== null ? claimVideoUpload(context, teacherId, uploadId) : null;

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
      const chapters = await present.chapterRows(course.id);
      const tracks = await present.captionTracks(chapters.map((chapter) => chapter.id));
      return chapters.map((chapter) => present.chapter(chapter, showVideos, course, tracks.get(chapter.id)));
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
            is_preview, position)
          VALUES (${course.id}, ${title}, ${text(body.description)}, ${kept.url}, ${captionsUrl}, ${text(body.remarks)}, ${now()},
            ${kept.seconds}, ${body.is_preview === true ? 1 : 0}, ${lastPosition(course.id)})
          RETURNING id`,
      )) as { id: number };
      return reply.code(201).send(await ownAnswer(await requireChapter(queries, inserted.id)));
    },

    async getChapter(request) {
      return ownAnswer(await ownedChapter(request, id(request.params.id)));
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
              is_preview = ${body.is_preview === undefined ? chapter.is_preview : body.is_preview === true ? 1 : 0},
              position = ${course.id === chapter.course_id ? chapter.position : lastPosition(course.id)}
            WHERE id = ${chapter.id}`,
      );
      if (newVideoUrl) await media.remove(chapter.video);
      if (newCaptionsUrl) await media.remove(chapter.captions);
      return ownAnswer(await requireChapter(queries, chapter.id));
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
      const tracks = await trackFiles([chapter.id]);
      await queries.run(sql`DELETE FROM chapters WHERE id = ${chapter.id}`);
      await media.remove(chapter.video);
      await media.remove(chapter.captions);
      for (const url of tracks) await media.remove(url);
      for (const { audio } of recordings) await media.remove(audio);
      return reply.code(204).send();
    },

    // Extension (issue 39): one WebVTT track per language; `en` is the chapter's `captions`.
    putChapterCaptionTrack: checkingBeforeBody(async (request) => {
      const chapter = await ownedChapter(request, id(request.params.chapter_id));
      const lang = captionLanguage(request.params.lang);
      const captions = file(request.body.captions);
      if (!captions) throw badRequest('A captions file is required.');
      const url = await media.keep(captions);
      let previous: string | null;
      if (lang === 'en') {
        previous = chapter.captions;
        await queries.run(sql`UPDATE chapters SET captions = ${url} WHERE id = ${chapter.id}`);
      } else {
        const kept = await queries.one(
          sql<{ url: string }>`SELECT url FROM chapter_caption_tracks WHERE chapter_id = ${chapter.id} AND lang = ${lang}`,
        );
        previous = kept?.url ?? null;
        // One row per language (the unique key): a second teacher's request replaces the first's.
        await queries.run(
          sql`INSERT INTO chapter_caption_tracks (chapter_id, lang, url, created_at) VALUES (${chapter.id}, ${lang}, ${url}, ${now()})
            ON CONFLICT (chapter_id, lang) DO UPDATE SET url = excluded.url, created_at = excluded.created_at`,
        );
      }
      await media.remove(previous);
      return ownAnswer(await requireChapter(queries, chapter.id));
    }, async (request) => {
      // The chapter's teacher and a language tag, before the file is read.
      await ownedChapter(request, id(request.params.chapter_id));
      captionLanguage(request.params.lang);
    }),

    async deleteChapterCaptionTrack(request, reply) {
      const chapter = await ownedChapter(request, id(request.params.chapter_id));
      const lang = captionLanguage(request.params.lang);
      if (lang === 'en') {
        // Decided by the write: only the request that empties `captions` removes its file.
        const emptied = chapter.captions
          ? await queries.run(sql`UPDATE chapters SET captions = NULL WHERE id = ${chapter.id} AND captions = ${chapter.captions}`)
          : 0;
        if (!emptied) throw notFound('This chapter has no captions in that language.');
        await media.remove(chapter.captions);
      } else {
        const kept = await queries.one(
          sql<{ url: string }>`SELECT url FROM chapter_caption_tracks WHERE chapter_id = ${chapter.id} AND lang = ${lang}`,
        );
        const removed = kept
          ? await queries.run(sql`DELETE FROM chapter_caption_tracks WHERE chapter_id = ${chapter.id} AND lang = ${lang} AND url = ${kept.url}`)
          : 0;
        if (!kept || !removed) throw notFound('This chapter has no captions in that language.');
        await media.remove(kept.url);
      }
      return reply.code(204).send();
    },
  };
}

/** A caption track's language from the path: a BCP 47 tag naming a known language, canonical (`PT-br` → `pt-BR`). */
function captionLanguage(value: unknown): string {
  let lang: string | undefined;
  try {
    lang = typeof value === 'string' ? Intl.getCanonicalLocales(value)[0] : undefined;
  } catch {
    lang = undefined;
  }
  if (!lang || !languageName(lang, 'known')) throw badRequest('The captions language must be a language tag such as yo, fr or en.');
  return lang;
}

/** The `video_upload` id (a finished resumable upload, resumableUploads.ts), or null; a 400 when a video file came too. */
function uploadOf(value: unknown, withFile: boolean): string | null {
  if (typeof value !== 'string' || value === '') return null;
  if (withFile) throw badRequest(uploadMessages.both);
  return value;
}
