import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type ProviderConfig } from './config';
import { VideoDurations } from './durations';
import { mediaAnswer } from './mediaAnswers';
import { type MediaStorage, contentTypeOf } from './mediaStorage';
import { opusLength } from './voiceLength';
import { badRequest, HttpError } from './errors';
import { fieldWords } from './fieldLabels';

/** A file part of a multipart body, streamed to the upload folder and not yet kept. */
export interface UploadedFile {
  fieldname: string;
  filename: string;
  mimetype: string;
  path: string;
  size: number;
}

export type MediaKind = 'image' | 'video' | 'captions' | 'voice' | 'answer';

interface UploadTarget {
  kind: MediaKind;
  folder: string;
}

/** Where each file field of api-spec.yaml is kept; a file field missing here fails start-up. */
export const uploadTargets: Record<string, UploadTarget> = {
  featured_img: { kind: 'image', folder: 'course_images' },
  profile_img: { kind: 'image', folder: 'teacher_images' },
  video: { kind: 'video', folder: 'chapter_videos' },
  // A teacher's intro video (issue 39): public, like their photo.
  intro_video: { kind: 'video', folder: 'teacher_videos' },
  captions: { kind: 'captions', folder: 'chapter_captions' },
  // The handlers choose the folder of a voice note: privateFolders (answers, feedback, messages).
  voice: { kind: 'voice', folder: 'assignment_answers' },
  file: { kind: 'answer', folder: 'assignment_answers' },
  // An exercise's model recording (practice.ts), served like chapter videos.
  audio: { kind: 'voice', folder: 'exercise_audio' },
};

/**
 * Folders of files served only to the two people they belong to (privateMedia.ts): students'
 * answers, teachers' feedback, voice notes in messages. Anybody else gets a 404.
 */
export const privateFolders = ['assignment_answers', 'assignment_feedback', 'message_voices'] as const;
export type PrivateFolder = (typeof privateFolders)[number];
const privateFolderSet = new Set<string>(privateFolders);

/**
 * The folders of chapter videos and captions, and of exercises' model recordings, served only to
 * the chapter's viewers (its teacher and enrolled students).
 */
const chapterMediaFolders = new Set(['chapter_videos', 'chapter_captions', 'exercise_audio']);

/** Largest captions file: api-spec.yaml states 1 MB (`CaptionsFile`). */
export const captionsLimitBytes = 1024 * 1024;
/** Largest voice recording: api-spec.yaml states 10 MB (`VoiceFile`). */
export const voiceLimitBytes = 10 * 1024 * 1024;
/** Longest voice recording in seconds: 5 minutes (`VoiceFile`), plus a second of container slack. */
export const voiceLimitSeconds = 301;
/** The answer to a voice recording over 5 minutes, or whose length cannot be read from its content. */
export const voiceTooLong = 'The voice recording is too long: the limit is 5 minutes.';
/** Largest answer file: api-spec.yaml states 20 MB (`AnswerFile`). */
export const answerFileLimitBytes = 20 * 1024 * 1024;

/** What a file of each kind must be, after "The course image must be" (the field as the form labels it). */
const kindLabels: Record<MediaKind, string> = {
  image: 'a picture (PNG, JPEG, GIF, WebP or SVG)',
  video: 'a video (WebM, MP4 or Ogg)',
  captions: 'a WebVTT captions file (UTF-8 text starting with WEBVTT)',
  voice: 'Opus audio in WebM or Ogg',
  answer:
    'a PDF, PNG, JPEG, WebP, plain text (UTF-8), audio (WebM, Ogg, MP3, MP4/M4A) or Word (.docx) file',
};

const kindNouns: Record<MediaKind, string> = {
  image: 'image',
  video: 'video',
  captions: 'captions file',
  voice: 'voice recording',
  answer: 'file',
};

/**
 * The provider's media: uploads checked in `tmp/` (on the data folder's disk), then kept in the
 * media store (`storage`: a folder, a shared volume or a bucket, mediaStorage.ts) under their
 * `/media/<folder>/<name>` URL's key.
 */
export class MediaStore {
  private readonly durations = new VideoDurations();

  /** Where a failure nobody waits for goes (a kept file that could not be removed): the provider's log once it has one. */
  onError: (error: unknown) => void = (error) => console.error(error);

  constructor(
    private readonly config: ProviderConfig,
    readonly storage: MediaStorage,
  ) {
    fs.mkdirSync(config.uploadTmpDir, { recursive: true });
    // Leftovers of uploads cut short by a crash (younger ones go at a later sweep: another
    // process on this data folder, e.g. during a restart, may still be receiving them).
    sweepStaleFilesSync(config.uploadTmpDir, config.uploadMaxAgeMs);
  }

  /** Removes the files of `tmp/` not written for `uploadMaxAgeMs`; returns their names. */
  sweepStaleUploads(now = Date.now()): Promise<string[]> {
    return sweepStaleFiles(this.config.uploadTmpDir, this.config.uploadMaxAgeMs, now);
  }

  limitFor(fieldname: string): number {
    const { kind } = uploadTarget(fieldname);
    if (kind === 'captions') return captionsLimitBytes;
    if (kind === 'voice') return voiceLimitBytes;
    if (kind === 'answer') return answerFileLimitBytes;
    return kind === 'image' ? this.config.imageLimitBytes : this.config.videoLimitBytes;
  }

  tooLarge(fieldname: string): HttpError {
    const { kind } = uploadTarget(fieldname);
    const megabytes = Math.round((this.limitFor(fieldname) / (1024 * 1024)) * 10) / 10;
    return badRequest(`The ${kindNouns[kind]} is too large: the limit is ${megabytes} MB.`);
  }

  tmpPath(): string {
    return path.join(this.config.uploadTmpDir, uniqueName());
  }

  /**
   * Checks the file's content and moves it into the media store (under the field's folder, or
   * `folder`); returns its `/media/...` URL.
   */
  async keep(file: UploadedFile, folder: string = uploadTarget(file.fieldname).folder): Promise<string> {
    const extension = await this.check(file);
    const key = `${folder}/${uniqueName()}${extension}`;
    await this.storage.put(key, { file: file.path, move: true }, contentTypeOf(key));
    return `/media/${key}`;
  }

  /** Keeps a chapter video (see `keep`) with its duration, read from the upload before it moves into the store. */
  async keepVideo(file: UploadedFile): Promise<{ url: string; seconds: number | null }> {
    await this.check(file);
    const seconds = await this.durations.read(file.path);
    return { url: await this.keep(file), seconds };
  }

  /** Copies a checked-in demo asset into the media store; returns its URL. */
  async copyIn(source: string, fieldname: string): Promise<string> {
    const { folder } = uploadTarget(fieldname);
    const key = `${folder}/${uniqueName()}-${path.basename(source)}`;
    await this.storage.put(key, { file: source }, contentTypeOf(key));
    return `/media/${key}`;
  }

  /**
   * The duration in seconds of a kept video, by its `/media/...` URL; null when unknown. A video
   * in a bucket is fetched into `tmp/` to be read (only chapters kept before durations were
   * recorded need this, once).
   */
  async videoDuration(url: string): Promise<number | null> {
    const key = keyOf(url);
    if (!key) return null;
    const local = this.storage.filePath(key);
    if (local) return this.durations.read(local);
    if (!(await this.storage.exists(key))) return null;
    const copy = this.tmpPath();
    try {
      await pipeline(await this.storage.read(key), fs.createWriteStream(copy));
      return await this.durations.read(copy);
    } catch (error) {
      this.onError(error);
      return null;
    } finally {
      await fs.promises.rm(copy, { force: true });
    }
  }

  /**
   * Keeps a voice recording (see `keep`) after checking its length: read from its content (the
   * latest block or page: `opusLength`), or the length its container declares when that is
   * longer. Over 5 minutes is a 400, and so is a file whose content cannot be walked to tell
   * its length (it might play for longer): the same answer, so the limit cannot be stepped round.
   */
  async keepVoice(file: UploadedFile, folder: PrivateFolder | 'exercise_audio'): Promise<{ url: string; seconds: number }> {
    if (uploadTarget(file.fieldname).kind !== 'voice') throw new Error(`${file.fieldname} is not a voice field`);
    if (!(await sniffFile(file.path, 'voice'))) {
      throw badRequest(`The ${fieldWords(file.fieldname) ?? kindNouns.voice} must be ${kindLabels.voice}.`);
    }
    const found = await opusLength(file.path);
    const declared = await this.durations.read(file.path);
    const seconds = found === null ? null : Math.max(found, declared ?? 0);
    if (seconds === null || seconds > voiceLimitSeconds) throw badRequest(voiceTooLong);
    return { url: await this.keep(file, folder), seconds: Math.round(seconds * 10) / 10 };
  }

  /** The duration in seconds of a video file on disk (e.g. a demo asset); null when unknown. */
  async fileDuration(file: string): Promise<number | null> {
    return this.durations.read(file);
  }

  async close(): Promise<void> {
    await this.durations.close();
    await this.storage.close();
  }

  /**
   * Removes a kept file from the store, once what named it has changed. A failure (the bucket out
   * of reach) leaves an unused file behind and is reported, not answered: the change stands.
   */
  async remove(url: string | null): Promise<void> {
    const key = url && keyOf(url);
    if (key) await this.storage.delete(key).catch((error: unknown) => this.onError(error));
  }

  discard(files: UploadedFile[]): void {
    for (const file of files) fs.rmSync(file.path, { force: true });
  }

  /** The extension the file is kept under, by its content; a 400 naming the field when it is not of the field's kind. */
  private async check(file: UploadedFile): Promise<string> {
    const { kind } = uploadTarget(file.fieldname);
    const extension = await sniffFile(file.path, kind);
    if (!extension) throw badRequest(`The ${fieldWords(file.fieldname) ?? kindNouns[kind]} must be ${kindLabels[kind]}.`);
    return extension;
  }
}

/** The store's key of a kept file's `/media/<folder>/<name>` URL; null for anything else. */
function keyOf(url: string): string | null {
  if (!url.startsWith('/media/')) return null;
  const segments = url.slice('/media/'.length).split('/');
  return segments.length > 1 && !segments.some((segment) => !segment || segment === '.' || segment === '..') ? segments.join('/') : null;
}

/**
 * Removes the entries of `dir` last modified more than `maxAgeMs` before `now` (an upload being
 * received is written to all the time; one cut short stays behind); returns their names.
 */
export async function sweepStaleFiles(dir: string, maxAgeMs: number, now = Date.now()): Promise<string[]> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.promises.lstat(file).catch(() => null);
    if (!stat || now - stat.mtimeMs <= maxAgeMs) continue;
    await fs.promises.rm(file, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

function sweepStaleFilesSync(dir: string, maxAgeMs: number, now = Date.now()): void {
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = fs.lstatSync(file, { throwIfNoEntry: false });
    if (stat && now - stat.mtimeMs > maxAgeMs) fs.rmSync(file, { recursive: true, force: true });
  }
}

/** Who may open gated media, by the canonical `/media/<folder>/<name>` URL of the file. */
export interface MediaGates {
  /** Chapter videos and captions: the course's teacher and enrolled students (403 otherwise). */
  mayWatch: (request: FastifyRequest, chapterMediaUrl: string) => Promise<boolean>;
  /** Files of privateFolders: the two people they belong to (404 otherwise, hiding that they exist). */
  mayOpenPrivate: (request: FastifyRequest, privateMediaUrl: string) => Promise<boolean>;
  /** The `Content-Disposition` of a file of privateFolders, by its canonical URL: always an attachment. */
  privateDisposition: (privateMediaUrl: string) => Promise<string>;
}

/**
 * Serves `/media/...` from the media store once the gates let the caller in: a single byte range
 * (206, seekable video; If-Range honoured, several ranges answer the whole file), ETag and
 * Last-Modified with their 304 and 412 (mediaAnswers.ts), the same on every store. Chapter videos
 * and captions go only to callers `mayWatch` allows (the course's teacher and enrolled students),
 * private files only to those `mayOpenPrivate` allows, judged by the object that would be opened
 * (`storage.locate`), not by the URL's spelling.
 */
export function registerMediaRoutes(app: FastifyInstance, storage: MediaStorage, gates: MediaGates): void {
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    const found = await resolveMedia(storage, request.params['*']);
    if (!found) throw new HttpError(404, 'File not found.');
    const { key, gatedUrl, gate } = found;
    const object = await storage.stat(key);
    if (!object) throw new HttpError(404, 'File not found.');
    if (gate === 'private' && !(await gates.mayOpenPrivate(request, gatedUrl))) throw new HttpError(404, 'File not found.');
    if (gate === 'chapter' && !(await gates.mayWatch(request, gatedUrl))) {
      throw new HttpError(403, 'Only the teacher and the enrolled students of this course may watch its videos.');
    }
    reply.headers({
      'Content-Type': object.contentType,
      // Kept files get a new name whenever they change (`keep`, `copyIn`), so a week is safe; chapter
      // videos are checked per viewer and revalidated every time.
      'Cache-Control': gate !== null ? 'private, no-cache' : 'public, max-age=604800',
      // Uploaded SVGs may carry scripts: never let them run on this origin.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'X-Content-Type-Options': 'nosniff',
      // A student's or teacher's file is downloaded, never shown as a page of this origin, and
      // under a name whose extension is the stored one (privateDownloadName).
      ...(gate === 'private' && { 'Content-Disposition': await gates.privateDisposition(gatedUrl) }),
    });
    const answer = mediaAnswer(request.headers, object);
    // No body, as an empty stream: Fastify would measure an empty payload and answer HEAD with Content-Length 0.
    const body =
      answer.status === 304 || request.method === 'HEAD'
        ? Readable.from([])
        : await storage.read(key, answer.range).catch(async (error: unknown) => {
            // Removed since it was looked at (its chapter deleted meanwhile): gone, as it would be now.
            if (!(await storage.exists(key))) throw new HttpError(404, 'File not found.');
            throw error;
          });
    return reply.code(answer.status).headers(answer.headers).send(body);
  });
}

/**
 * A segment the provider never writes and some filesystems read as another name: hidden or dot
 * segments, trailing dots or spaces (Windows drops them), backslashes, colons (NTFS streams).
 */
const suspiciousSegment = /^\.|[.\s]$|[\\:\0]/;

/**
 * The object a `/media/` path (already percent-decoded) opens, as the store resolves it (a folder
 * through symbolic links, and on Windows and macOS the case and 8.3 short names, by `realpath`),
 * and, when it lies in a chapter media folder or a private one, its canonical URL for the gate
 * (`/media/chapter_videos/<name>`, the folder compared without regard to case). Null for anything
 * outside the store or a suspicious segment.
 */
async function resolveMedia(
  storage: MediaStorage,
  rest: string,
): Promise<{ key: string; gatedUrl: string; gate: 'chapter' | 'private' | null } | null> {
  const segments = rest.split('/');
  if (segments.some((segment) => !segment || suspiciousSegment.test(segment))) return null;
  const key = await storage.locate(segments);
  if (!key) return null;
  const [folder = '', ...names] = key.split('/');
  const canonicalFolder = folder.toLowerCase().replace(/[.\s]+$/, '');
  const gate = chapterMediaFolders.has(canonicalFolder)
    ? 'chapter'
    : privateFolderSet.has(canonicalFolder)
      ? 'private'
      : null;
  return { key, gatedUrl: `/media/${[canonicalFolder, ...names].join('/')}`, gate };
}

/** Unguessable file names: chapter videos are gated, but their names should not be listable either. */
function uniqueName(): string {
  return crypto.randomBytes(12).toString('hex');
}

function uploadTarget(fieldname: string): UploadTarget {
  const target = uploadTargets[fieldname];
  if (!target) throw new Error(`No upload target for file field "${fieldname}"`);
  return target;
}

async function readHead(file: string, bytes = 512, position = 0): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The extension a kept file gets, by its content; null when it is not of the kind. */
async function sniffFile(file: string, kind: MediaKind): Promise<string | null> {
  if (kind === 'voice') return sniffVoice(await readHead(file, 4096));
  if (kind === 'answer') return sniffAnswer(file);
  return sniffExtension(await readHead(file), kind);
}

/**
 * Opus in WebM (EBML header, codec id `A_OPUS` among the track entries near the start, where
 * browsers' MediaRecorder writes them) or in Ogg (the first page's packet is `OpusHead`).
 */
function sniffVoice(head: Buffer): string | null {
  if (head.subarray(0, 4).equals(ebmlMagic) && head.includes('A_OPUS', 0, 'latin1')) return '.weba';
  if (head.subarray(0, 4).toString('latin1') === 'OggS' && head.subarray(28, 36).toString('latin1') === 'OpusHead') {
    return '.oga';
  }
  return null;
}

const ebmlMagic = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** The kinds of AnswerFile, by content: never by the name or the declared type. */
async function sniffAnswer(file: string): Promise<string | null> {
  const head = await readHead(file);
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  if (ascii(0, 5) === '%PDF-') return '.pdf';
  if (head.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))) return '.png';
  if (head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return '.jpg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return '.webp';
  if (head.subarray(0, 4).equals(ebmlMagic)) return '.weba';
  if (ascii(0, 4) === 'OggS') return '.oga';
  // MP3: an ID3 tag, or an MPEG audio Layer III frame header (sync bits, layer bits 01).
  if (ascii(0, 3) === 'ID3' || (head.length >= 2 && head[0] === 0xff && ((head[1] as number) & 0xe6) === 0xe2)) {
    return '.mp3';
  }
  if (ascii(4, 8) === 'ftyp') return '.m4a';
  if (ascii(0, 4) === 'PK\x03\x04') return (await zipHas(file, 'word/document.xml')) ? '.docx' : null;
  return (await isUtf8Text(file)) ? '.txt' : null;
}

/** Plain text: the whole file is valid UTF-8 with no NUL byte (an answer file is at most 20 MB). */
async function isUtf8Text(file: string): Promise<boolean> {
  const content = await fs.promises.readFile(file);
  if (content.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(content);
    return true;
  } catch {
    return false;
  }
}

/** Whether a ZIP file's central directory (found through its end record) names `entry`. */
async function zipHas(file: string, entry: string): Promise<boolean> {
  const { size } = await fs.promises.stat(file);
  // The end record is 22 bytes plus a comment of at most 65,535.
  const tailStart = Math.max(0, size - (22 + 65535));
  const tail = await readHead(file, size - tailStart, tailStart);
  const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > tail.length) return false;
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directoryOffset + directorySize > size || directorySize > 16 * 1024 * 1024) return false;
  const directory = await readHead(file, directorySize, directoryOffset);
  for (let at = 0; at + 46 <= directory.length; ) {
    if (directory.readUInt32LE(at) !== 0x02014b50) return false;
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    if (directory.subarray(at + 46, at + 46 + nameLength).toString('utf8') === entry) return true;
    at += 46 + nameLength + extraLength + commentLength;
  }
  return false;
}

function sniffExtension(head: Buffer, kind: MediaKind): string | null {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  if (kind === 'captions') {
    // WebVTT: UTF-8 text whose first line is "WEBVTT", alone or followed by a space or tab and a
    // header text; an optional byte-order mark before it. Binary files (a NUL byte) are refused.
    if (head.includes(0)) return null;
    const text = head.toString('utf8').replace(/^\uFEFF/, '');
    return /^WEBVTT(?:[ \t][^\r\n]*)?(?:\r\n|\r|\n|$)/.test(text) ? '.vtt' : null;
  }
  if (kind === 'image') {
    if (head.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))) return '.png';
    if (head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return '.jpg';
    if (ascii(0, 4) === 'GIF8') return '.gif';
    if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return '.webp';
    const text = head
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart()
      .toLowerCase();
    if (text.startsWith('<') && text.includes('<svg')) return '.svg';
    return null;
  }
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return '.webm';
  if (ascii(4, 8) === 'ftyp') return '.mp4';
  if (ascii(0, 4) === 'OggS') return '.ogv';
  return null;
}
