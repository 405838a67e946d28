import fs from 'node:fs';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { type ProviderContext } from './context';
import { isoAfter, now } from './db';
import { HttpError, badRequest, messages } from './errors';
import { requireChapter } from './records';
import { apiBase } from './router';
import { ownedCourse } from './routes/guards';
import { type VideoUploadRow } from './rows.generated';

declare module 'fastify' {
  interface FastifyInstance {
    /** The resumable uploads' sweep, run by the provider's periodic work (and by tests). */
    resumableUploads: ResumableUploads;
  }
}

/** Where the tus endpoint answers: POST here creates an upload, `<path>/<id>` is the upload. */
export const resumablePath = `${apiBase}/uploads`;

/** The video types a resumable upload may declare (`filetype` in Upload-Metadata); its content is checked again when it is finished. */
export const resumableVideoTypes = ['video/webm', 'video/mp4', 'video/ogg'] as const;

export const uploadMessages = {
  noLength: 'Declare the size of the video (Upload-Length).',
  noTarget: 'Name the course (or the chapter) the video is for.',
  wrongType: 'The chapter video must be a WebM, MP4 or Ogg video.',
  notFound: 'This upload does not exist.',
  expired: 'This upload has expired: start it again.',
  notYours: 'This upload belongs to another teacher.',
  unusable: 'This upload cannot be used: it is unfinished, expired or already used.',
  both: 'Send the video as a file or as an upload, not both.',
} as const;

/** What the checks before an upload's creation found, handed to the tus hook through the raw request. */
interface Creation {
  teacherId: number;
  courseId: number;
  chapterId: number | null;
}

/** The limit in words: '2 GB', '500 MB'. */
export function sizeWords(bytes: number): string {
  const gigabytes = bytes / 1024 ** 3;
  if (gigabytes >= 1) return `${Math.round(gigabytes * 10) / 10} GB`;
  return `${Math.round((bytes / 1024 ** 2) * 10) / 10} MB`;
}

/** Upload-Metadata: `key base64,key base64` (a key may come without a value). */
function parseMetadata(header: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value = ''] = pair.trim().split(' ');
    if (key) metadata[key] = Buffer.from(value, 'base64').toString('utf8');
  }
  return metadata;
}

function positiveId(value: string | undefined): number | null {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/**
 * FileStore without its own folder check: FileStore makes its folder in a callback that throws,
 * uncaught, when the folder is gone by then (a provider stopped at once and its data folder
 * removed, as tests do). The folder is made synchronously before the store is created.
 */
class FolderReadyFileStore extends FileStore {}
(FolderReadyFileStore.prototype as unknown as { checkOrCreateDirectory: () => void }).checkOrCreateDirectory = () => undefined;

/**
 * Chapter videos up to `resumableVideoLimitBytes` over the tus 1.0 protocol (@tus/server with a
 * FileStore in the data folder's `uploads/`), under `/api/uploads`. Every request is checked by
 * Fastify before tus sees it: a teacher's session (401), the XSRF header on POST, PATCH and DELETE
 * (xsrf.ts, as every write), and then, on creation, the course or chapter named in Upload-Metadata
 * is the teacher's (404, 403), the declared length is within the limit (413) and the declared type
 * is a video type (415); on any later request, the upload is the same teacher's (403) and not
 * expired (410). Once the last byte arrives the content is sniffed as a multipart video's is
 * (media.ts: 415 and nothing kept otherwise) and moved into the media store; the upload's id (the
 * last segment of its URL) is then accepted once by createChapter or updateChapter as
 * `video_upload` (`claimVideoUpload`).
 */
export function registerResumableUploads(app: FastifyInstance, context: ProviderContext): ResumableUploads {
  const { config, queries, media } = context;
  fs.mkdirSync(config.resumableUploadDir, { recursive: true });
  const creations = new WeakMap<object, Creation>();
  const rawOf = (request: { runtime?: { node?: { req: object } } }): object | undefined => request.runtime?.node?.req;

  const tus = new Server({
    path: resumablePath,
    datastore: new FolderReadyFileStore({ directory: config.resumableUploadDir }),
    maxSize: config.resumableVideoLimitBytes,
    relativeLocation: true,
    // Same origin only: the app's pages are on the provider's origin (or APP_ORIGIN, checked by xsrf.ts).
    allowedOrigins: [],
    async onUploadCreate(request, upload) {
      const raw = rawOf(request);
      const creation = raw && creations.get(raw);
      if (!creation) throw { status_code: 403, body: `${JSON.stringify({ msg: messages.forbidden })}\n` };
      await queries.run(
        sql`INSERT INTO video_uploads (id, teacher_id, course_id, chapter_id, size, state, created_at, expires_at)
          VALUES (${upload.id}, ${creation.teacherId}, ${creation.courseId}, ${creation.chapterId}, ${upload.size ?? 0}, 'receiving',
            ${now()}, ${isoAfter(config.resumableUploadExpiryMs)})`,
      );
      return {};
    },
    async onUploadFinish(_request, upload) {
      await finish(upload);
      return {};
    },
  });

  /** Checks the finished upload's content and keeps it in the media store; a 415 (and nothing kept) when it is no video. */
  async function finish(upload: Upload): Promise<void> {
    const file = path.join(config.resumableUploadDir, upload.id);
    try {
      const kept = await media.keepVideo({
        fieldname: 'video',
        filename: upload.metadata?.filename ?? upload.id,
        mimetype: upload.metadata?.filetype ?? '',
        path: file,
        size: upload.size ?? 0,
      });
      await queries.run(
        sql`UPDATE video_uploads SET state = 'ready', media_url = ${kept.url}, duration_seconds = ${kept.seconds}
          WHERE id = ${upload.id} AND state = 'receiving'`,
      );
    } catch (error) {
      await queries.run(sql`DELETE FROM video_uploads WHERE id = ${upload.id}`);
      await removeFiles(upload.id);
      // keepVideo refuses content that is no video with a 400; anything else is the provider's fault.
      if (!(error instanceof HttpError)) throw error;
      throw { status_code: 415, body: `${JSON.stringify({ msg: uploadMessages.wrongType })}\n` };
    }
    await fs.promises.rm(`${file}.json`, { force: true });
  }

  async function removeFiles(id: string): Promise<void> {
    const file = path.join(config.resumableUploadDir, id);
    await fs.promises.rm(file, { force: true });
    await fs.promises.rm(`${file}.json`, { force: true });
  }

  /** The creation's checks, before tus keeps anything: the target is the teacher's, the size and the type are allowed. */
  async function checkCreation(request: FastifyRequest, teacherId: number): Promise<Creation> {
    const metadata = parseMetadata(request.headers['upload-metadata'] as string | undefined);
    const chapterId = positiveId(metadata.chapter);
    let courseId = positiveId(metadata.course);
    if (chapterId !== null) courseId = (await requireChapter(queries, chapterId)).course_id;
    if (courseId === null) throw badRequest(uploadMessages.noTarget);
    await ownedCourse(context, request, courseId);
    const length = request.headers['upload-length'];
    if (typeof length !== 'string' || !/^\d{1,16}$/.test(length)) throw badRequest(uploadMessages.noLength);
    if (Number(length) > config.resumableVideoLimitBytes) {
      throw new HttpError(413, `The video is too large: the limit is ${sizeWords(config.resumableVideoLimitBytes)}.`);
    }
    if (!(resumableVideoTypes as readonly string[]).includes((metadata.filetype ?? '').toLowerCase())) {
      throw new HttpError(415, uploadMessages.wrongType);
    }
    return { teacherId, courseId, chapterId };
  }

  async function handle(request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply): Promise<void> {
    if (request.method !== 'OPTIONS') {
      const teacherId = await context.sessions.require(request, 'teacher');
      const { id } = request.params;
      if (id === undefined || id === '') {
        if (request.method !== 'POST') throw new HttpError(405, 'Create an upload with POST.');
        creations.set(request.raw, await checkCreation(request, teacherId));
      } else {
        const upload = await queries.one(sql<VideoUploadRow>`SELECT * FROM video_uploads WHERE id = ${id}`);
        if (!upload) throw new HttpError(404, uploadMessages.notFound);
        if (upload.teacher_id !== teacherId) throw new HttpError(403, uploadMessages.notYours);
        if (upload.expires_at <= now()) throw new HttpError(410, uploadMessages.expired);
        if (upload.state !== 'receiving') {
          // Finished: its bytes are in the media store now; HEAD says it is whole, anything else is refused.
          if (request.method !== 'HEAD') throw new HttpError(409, 'This upload is finished.');
          const size = String(upload.size);
          return reply.code(200).headers({ 'Tus-Resumable': '1.0.0', 'Upload-Offset': size, 'Upload-Length': size }).send();
        }
      }
    }
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  }

  void app.register(async (scope) => {
    // tus reads the bytes of a PATCH itself.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    // GET (and HEAD) of `/api/uploads/` is getUploadOptions; an upload is never read back.
    scope.route({ method: ['POST', 'OPTIONS'], url: `${resumablePath}/`, handler: handle });
    scope.route({ method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'], url: `${resumablePath}/:id`, handler: handle });
  });

  const uploads: ResumableUploads = {
    async sweep() {
      const expired = await queries.all(
        sql<Pick<VideoUploadRow, 'id' | 'state' | 'media_url'>>`SELECT id, state, media_url FROM video_uploads WHERE expires_at <= ${now()}`,
      );
      for (const upload of expired) {
        // Each instance may sweep: whoever deletes the row removes the files.
        if ((await queries.run(sql`DELETE FROM video_uploads WHERE id = ${upload.id} AND state = ${upload.state}`)) === 0) continue;
        if (upload.state === 'receiving') await removeFiles(upload.id);
        if (upload.state === 'ready') await media.remove(upload.media_url);
      }
    },
  };
  app.decorate('resumableUploads', uploads);
  return uploads;
}

export interface ResumableUploads {
  /** Removes the uploads past their expiry: unfinished ones with their bytes, unused ones with their kept video. */
  sweep(): Promise<void>;
}

/**
 * The kept video of a finished upload of `teacherId`, claimed once (a conditional UPDATE decides
 * between two requests naming it): a 400 when it is unknown, another teacher's, unfinished,
 * expired or used already.
 */
export async function claimVideoUpload(
  context: ProviderContext,
  teacherId: number,
  uploadId: string,
): Promise<{ url: string; seconds: number | null }> {
  const claimed = await context.queries.run(
    sql`UPDATE video_uploads SET state = 'used'
      WHERE id = ${uploadId} AND teacher_id = ${teacherId} AND state = 'ready' AND expires_at > ${now()}`,
  );
  const upload = claimed
    ? await context.queries.one(sql<VideoUploadRow>`SELECT * FROM video_uploads WHERE id = ${uploadId}`)
    : undefined;
  if (!upload?.media_url) throw badRequest(uploadMessages.unusable);
  return { url: upload.media_url, seconds: upload.duration_seconds };
}
