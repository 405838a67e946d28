import fs from 'node:fs';
import { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import { type MediaBody, type MediaStorage, type MediaStorageConfig, type StoredObject } from './mediaStorage';

type S3Config = Extract<MediaStorageConfig, { kind: 's3' }>;

/**
 * Media in an S3-compatible bucket, streamed through the provider (docs/decisions/0028): the
 * gates, caching headers, ranges and validators stay the provider's on every store. Credentials
 * come from the SDK's default chain (`AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY`, a profile,
 * an instance role…), never from the provider's own settings.
 */
export class S3Storage implements MediaStorage {
  private readonly client: S3.S3Client;
  private readonly bucket: string;

  /** A store on `config`'s bucket; the SDK (about 0.3 s to load) is loaded only for one. */
  static async open(config: S3Config): Promise<S3Storage> {
    return new S3Storage(config, await import('@aws-sdk/client-s3'));
  }

  private constructor(
    config: S3Config,
    private readonly sdk: typeof S3,
  ) {
    this.bucket = config.bucket;
    this.client = new sdk.S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      // Plain PUTs with a Content-Length: the SDK's default since 2025 sends a streamed body
      // aws-chunked with a trailing checksum, which S3-compatible servers that do not know the
      // encoding (s3rver, older MinIO and Ceph) store framing and all.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: MediaBody, contentType: string): Promise<void> {
    const size = 'file' in body ? (await fs.promises.stat(body.file)).size : body.size;
    const stream = 'file' in body ? fs.createReadStream(body.file) : body.stream;
    await this.client.send(
      new this.sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: stream, ContentLength: size, ContentType: contentType }),
    );
    if ('file' in body && body.move) await fs.promises.rm(body.file, { force: true });
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? 'application/octet-stream',
        // The bucket's own tag (a hash of the content), weak as every media ETag is.
        etag: `W/${head.ETag ?? `"${head.ContentLength ?? 0}-${head.LastModified?.getTime() ?? 0}"`}`,
        lastModified: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (error instanceof this.sdk.S3ServiceException && isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const { Body } = await this.client.send(
      new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range && `bytes=${range.start}-${range.end}` }),
    );
    if (!(Body instanceof Readable)) throw new Error(`No readable body for ${key}`);
    return Body;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async locate(segments: string[]): Promise<string | null> {
    return segments.join('/');
  }

  filePath(): null {
    return null;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function isMissing(error: S3.S3ServiceException): boolean {
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}
