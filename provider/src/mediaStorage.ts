import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { S3Storage } from './s3Storage';

/**
 * Where kept media live (`ProviderConfig.mediaStorage`): a folder (the data folder's `media/` by
 * default, or `MEDIA_DIR`, a volume the instances share) or an S3-compatible bucket (`S3_BUCKET`).
 */
export type MediaStorageConfig =
  | { kind: 'folder'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** An S3-compatible server's address (MinIO, Ceph, s3rver…); unset, AWS's own. */
      endpoint?: string;
      region: string;
      /** `bucket` as the path's first segment instead of the host's first label (what most S3-compatible servers need). */
      forcePathStyle: boolean;
    };

/** What a stored object is: enough to answer validators and ranges before a byte is read. */
export interface StoredObject {
  size: number;
  contentType: string;
  /** A weak entity tag (`W/"…"`): compression may change the bytes sent, never the content. */
  etag: string;
  lastModified: Date;
}

/** What `put` stores: a file on this machine's disk (moved into the store when `move`, else copied), or a stream of `size` bytes. */
export type MediaBody = { file: string; move?: boolean } | { stream: Readable; size: number };

/**
 * The store the provider's media go through, by key (`<folder>/<name>`, the `/media/` URL without
 * its prefix). Keys are never written twice: a changed file gets a new name (media.ts `keep`), so
 * an object read by its key is the one its validators describe.
 */
export interface MediaStorage {
  put(key: string, body: MediaBody, contentType: string): Promise<void>;
  /** The object's size, type and validators; null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** The object's bytes, all or from `start` to `end` (inclusive). */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Removes the object; a missing one is no error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * The key that a `/media/` path (its decoded segments, already checked: no empty, dot or
   * suspicious one) opens, as this store names things: a folder through its symbolic links and
   * the disk's own rules of case and spelling (`realpath`), a bucket as written. Null when it
   * opens nothing the store holds.
   */
  locate(segments: string[]): Promise<string | null>;
  /** Where the object lies on this machine's disk, when it does (a folder store): read in place. */
  filePath(key: string): string | null;
  close(): Promise<void>;
}

/** The type each kept extension is served with (media.ts gives kept files only these). */
const contentTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.ogv': 'video/ogg',
  '.vtt': 'text/vtt; charset=utf-8',
  '.weba': 'audio/webm',
  '.oga': 'audio/ogg',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function contentTypeOf(key: string): string {
  return contentTypes[path.posix.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** The store `config` names: a folder, or a bucket (its client loaded only then). */
export async function createMediaStorage(config: MediaStorageConfig): Promise<MediaStorage> {
  return config.kind === 'folder' ? new FolderStorage(config.dir) : S3Storage.open(config);
}

/**
 * Media in a folder: the data folder's `media/`, or any folder several instances mount (`MEDIA_DIR`).
 * A file arrives under a hidden name beside its final one and is renamed into place, so another
 * instance reading the folder never serves half a file (dot names are never served: media.ts).
 */
export class FolderStorage implements MediaStorage {
  private realRoot: Promise<string> | undefined;

  constructor(readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  async put(key: string, body: MediaBody, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    if ('file' in body && body.move) {
      try {
        await fs.promises.rename(body.file, target);
        return;
      } catch (error) {
        // Another filesystem (MEDIA_DIR on a volume, tmp/ on the data folder's disk): copied below.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      }
    }
    const partial = path.join(path.dirname(target), `.${path.basename(target)}.${crypto.randomBytes(6).toString('hex')}.part`);
    try {
      if ('file' in body) await fs.promises.copyFile(body.file, partial);
      else await pipeline(body.stream, fs.createWriteStream(partial));
      await fs.promises.rename(partial, target);
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      throw error;
    }
    if ('file' in body && body.move) await fs.promises.rm(body.file, { force: true });
  }

  async stat(key: string): Promise<StoredObject | null> {
    const stat = await fs.promises.stat(this.pathOf(key)).catch(() => null);
    if (!stat?.isFile()) return null;
    return {
      size: stat.size,
      contentType: contentTypeOf(key),
      // As @fastify/send wrote them before the store existed: the size and the time of the last change.
      etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
      lastModified: stat.mtime,
    };
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const stream = fs.createReadStream(this.pathOf(key), range);
    // Opened before the answer starts: a file gone meanwhile fails here, not halfway through.
    await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
    return stream;
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async locate(segments: string[]): Promise<string | null> {
    this.realRoot ??= fs.promises.realpath(this.root);
    const root = await this.realRoot;
    const real = await fs.promises.realpath(path.join(root, ...segments)).catch(() => null);
    if (!real?.startsWith(root + path.sep)) return null;
    return path.relative(root, real).split(path.sep).join('/');
  }

  filePath(key: string): string {
    return this.pathOf(key);
  }

  async close(): Promise<void> {}

  /** The file of a key, never outside the folder. */
  private pathOf(key: string): string {
    const file = path.resolve(this.root, ...key.split('/'));
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Not a media key: ${key}`);
    return file;
  }
}
