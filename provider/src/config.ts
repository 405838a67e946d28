import net from 'node:net';
import path from 'node:path';
import { type DatabaseLocation, databaseLocation } from './database';
import { type MailConfig, type MailOptions, mailConfigOf } from './mailConfig';
import { type MediaStorageConfig } from './mediaStorage';
import { type ThrottleLimits, defaultThrottleLimits } from './throttle';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const defaultDataDir = path.join(repoRoot, '.provider-data');
export const defaultSpecFile = path.join(repoRoot, 'api-spec.yaml');
export const seedAssetsDir = path.resolve(__dirname, '..', 'seed-assets');

const megabyte = 1024 * 1024;

/**
 * Mail (mailConfig.ts): `smtpUrl` (default SMTP_URL) and `mailFrom` (MAIL_FROM) send every mail
 * over SMTP from the outbox queue; without them mails are only kept in the outbox. `academyName`
 * (ACADEMY_NAME, default "Language Academy"); `mailRetryDelaysMs` and `mailPollIntervalMs` shorten
 * the queue's waits in tests.
 */
export interface ProviderOptions extends MailOptions {
  /** Folder holding the SQLite file, uploads being received (`tmp/`) and, by default, the kept media (`media/`). */
  dataDir: string;
  /** Where the data lives when not in the data folder's SQLite file (default DATABASE_URL): `sqlite:<file>` or a `postgres://` URL. */
  databaseUrl?: string;
  /**
   * The folder of kept media when it is not the data folder's `media/` (default MEDIA_DIR): a
   * volume every instance mounts. Not with `s3`; either option set, the environment's media settings are ignored.
   */
  mediaDir?: string;
  /**
   * Kept media in an S3-compatible bucket (default: S3_BUCKET, with S3_ENDPOINT, S3_REGION and
   * S3_FORCE_PATH_STYLE; credentials from the AWS SDK's default chain, e.g. AWS_ACCESS_KEY_ID and
   * AWS_SECRET_ACCESS_KEY). Not with `mediaDir`.
   */
  s3?: { bucket: string; endpoint?: string; region?: string; forcePathStyle?: boolean };
  /**
   * Origin of the web app, used in mailed links and, when given, as the base of
   * checkout redirects. Without it links use APP_ORIGIN or http://localhost:8080
   * and checkout redirects stay root-relative (same origin through the dev proxy).
   */
  appOrigin?: string;
  specFile?: string;
  imageLimitBytes?: number;
  videoLimitBytes?: number;
  /** scrypt cost parameter N; lower it in tests to keep them fast. */
  scryptCost?: number;
  /**
   * Seed the demo academy (accounts with the published passwords of demo.ts, courses, activity)
   * when the database is new (default PROVIDER_DEMO=1; off: a production start has none).
   */
  demo?: boolean;
  /**
   * With the demo data, this many generated courses (and a teacher per 25 of them): a large
   * catalogue for measuring (default `PROVIDER_SEED_COURSES`, else none).
   */
  seedCourses?: number;
  /** Fastify request logging (default false). */
  logger?: boolean;
  /** Print outgoing mails to the console (default true). */
  logMail?: boolean;
  /**
   * Development mode (default: `PROVIDER_DEV=1`, which `npm start`, `npm run provider` and the
   * e2e runner set): serves `GET /dev/outbox` to loopback clients. Off, the route does not exist.
   */
  devMode?: boolean;
  /** Brute-force limits by key family (defaults: `defaultThrottleLimits` in throttle.ts). */
  throttle?: Partial<ThrottleLimits>;
  /**
   * Redis or Valkey holding the counts every instance must share: the brute-force limits and the
   * uploads in flight per address (default REDIS_URL; unset or empty: this process's memory), e.g.
   * `redis://:password@10.0.0.5:6379/0`, `rediss://…` for TLS.
   */
  redisUrl?: string;
  /**
   * Fastify's `trustProxy` (default: PROVIDER_TRUST_PROXY, else off): the proxies whose
   * `X-Forwarded-For`, `-Proto` and `-Host` are believed, for the client address (brute-force
   * limits), HTTPS (Secure cookies) and the provider's own origin. A comma-separated list (or an
   * array) of proxy addresses and CIDR ranges, e.g. `127.0.0.1,10.0.0.0/8` (proxy-addr's names
   * `loopback`, `linklocal` and `uniquelocal` too); the client's address is then the right-most
   * X-Forwarded-For entry that is not one of them. Trusting any proxy (`true`, a `/0` range) is
   * refused: the left-most entry, which Fastify would then take, is whatever the client wrote.
   */
  trustProxy?: string | readonly string[];
  /** Longest time to receive a whole request, body included (default PROVIDER_REQUEST_TIMEOUT_MS, else 5 minutes). */
  requestTimeoutMs?: number;
  /**
   * How often the upload folder (`tmp/`) is swept of stale files (default
   * PROVIDER_UPLOAD_SWEEP_INTERVAL_MS, else 10 minutes); it is also swept at start.
   */
  uploadSweepIntervalMs?: number;
  /**
   * The age (since last written) past which a file in `tmp/` is stale and swept (default
   * PROVIDER_UPLOAD_MAX_AGE_MS, else the request timeout plus 10 minutes). It must exceed the
   * request timeout: an upload still arriving may go that long between writes.
   */
  uploadMaxAgeMs?: number;
}

export interface ProviderConfig {
  dataDir: string;
  /** The SQLite file (by default the data folder's provider.sqlite) or the PostgreSQL database. */
  database: DatabaseLocation;
  /** Where kept media live: a folder (the data folder's `media/`, or MEDIA_DIR) or a bucket. */
  mediaStorage: MediaStorageConfig;
  uploadTmpDir: string;
  specFile: string;
  /** Origin used in mailed links. */
  appOrigin: string;
  /** Prefix of checkout redirects: the explicit app origin, or '' (root-relative). */
  appBase: string;
  imageLimitBytes: number;
  videoLimitBytes: number;
  scryptCost: number;
  /** Seed the demo academy into a new database (PROVIDER_DEMO=1; `npm start` sets it): its passwords are public. */
  demo: boolean;
  seedCourses: number;
  logger: boolean;
  logMail: boolean;
  /** Mail over SMTP, or kept in the outbox only; the academy's name. */
  mail: MailConfig;
  devMode: boolean;
  throttle: ThrottleLimits;
  /** The shared store of throttles and upload slots, or null (this process's memory). */
  redisUrl: string | null;
  /** The trusted proxies' addresses and ranges, or false (none: the peer is the client). */
  trustProxy: string[] | false;
  requestTimeoutMs: number;
  uploadSweepIntervalMs: number;
  uploadMaxAgeMs: number;
}

/** The database `url` names (DATABASE_URL), a SQLite file's path made absolute. */
function databaseOf(url: string | undefined, dataDir: string): DatabaseLocation {
  const location = databaseLocation(url, path.join(dataDir, 'provider.sqlite'));
  return location.engine === 'sqlite' ? { engine: 'sqlite', file: path.resolve(location.file) } : location;
}

export function resolveConfig(options: ProviderOptions, env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  const dataDir = path.resolve(options.dataDir);
  const explicitOrigin = options.appOrigin ?? env.APP_ORIGIN;
  const requestTimeoutMs = options.requestTimeoutMs ?? numberFromEnv(env.PROVIDER_REQUEST_TIMEOUT_MS) ?? 5 * 60 * 1000;
  const uploadMaxAgeMs = options.uploadMaxAgeMs ?? numberFromEnv(env.PROVIDER_UPLOAD_MAX_AGE_MS) ?? requestTimeoutMs + 10 * 60 * 1000;
  if (uploadMaxAgeMs <= requestTimeoutMs) {
    throw new Error(
      `PROVIDER_UPLOAD_MAX_AGE_MS / uploadMaxAgeMs (${uploadMaxAgeMs}) must exceed the request timeout (${requestTimeoutMs}): ` +
        'an upload still arriving would be swept away.',
    );
  }
  return {
    dataDir,
    database: databaseOf(options.databaseUrl ?? env.DATABASE_URL, dataDir),
    mediaStorage: mediaStorageOf(options, env, dataDir),
    uploadTmpDir: path.join(dataDir, 'tmp'),
    specFile: options.specFile ?? defaultSpecFile,
    appOrigin: trimSlash(explicitOrigin ?? 'http://localhost:8080'),
    appBase: explicitOrigin ? trimSlash(explicitOrigin) : '',
    imageLimitBytes: options.imageLimitBytes ?? numberFromEnv(env.PROVIDER_IMAGE_LIMIT_BYTES) ?? 5 * megabyte,
    videoLimitBytes: options.videoLimitBytes ?? numberFromEnv(env.PROVIDER_VIDEO_LIMIT_BYTES) ?? 50 * megabyte,
    scryptCost: options.scryptCost ?? (env.NODE_ENV === 'test' ? 1024 : 16384),
    demo: options.demo ?? env.PROVIDER_DEMO === '1',
    seedCourses: options.seedCourses ?? numberFromEnv(env.PROVIDER_SEED_COURSES) ?? 0,
    logger: options.logger ?? false,
    logMail: options.logMail ?? true,
    mail: mailConfigOf(options, env),
    devMode: options.devMode ?? env.PROVIDER_DEV === '1',
    throttle: { ...defaultThrottleLimits, ...options.throttle },
    redisUrl: redisUrlOf(options.redisUrl ?? env.REDIS_URL),
    trustProxy:
      options.trustProxy === undefined ? trustedProxies(env.PROVIDER_TRUST_PROXY, 'PROVIDER_TRUST_PROXY') : trustedProxies(options.trustProxy, 'trustProxy'),
    requestTimeoutMs,
    uploadSweepIntervalMs:
      options.uploadSweepIntervalMs ?? numberFromEnv(env.PROVIDER_UPLOAD_SWEEP_INTERVAL_MS) ?? 10 * 60 * 1000,
    uploadMaxAgeMs,
  };
}

/**
 * The media store: the `s3` or `mediaDir` option when one is given, else S3_BUCKET or MEDIA_DIR,
 * else the data folder's `media/`. A folder and a bucket both set stop the provider: which one
 * holds the media would be a guess.
 */
function mediaStorageOf(options: ProviderOptions, env: NodeJS.ProcessEnv, dataDir: string): MediaStorageConfig {
  if (options.s3 && options.mediaDir) throw new Error('Give the media a folder (mediaDir) or a bucket (s3), not both.');
  const explicit = options.s3 !== undefined || options.mediaDir !== undefined;
  const s3 = explicit ? options.s3 : env.S3_BUCKET ? { bucket: env.S3_BUCKET } : undefined;
  const dir = explicit ? options.mediaDir : env.MEDIA_DIR || undefined;
  if (s3 && dir) throw new Error('Set MEDIA_DIR (a shared folder) or S3_BUCKET (a bucket) for the media, not both.');
  if (dir) return { kind: 'folder', dir: path.resolve(dir) };
  if (!s3) return { kind: 'folder', dir: path.join(dataDir, 'media') };
  const forcePathStyle = s3.forcePathStyle ?? env.S3_FORCE_PATH_STYLE;
  if (typeof forcePathStyle === 'string' && !['', 'true', 'false', '1', '0'].includes(forcePathStyle)) {
    throw new Error(`S3_FORCE_PATH_STYLE takes true or false, not "${forcePathStyle}".`);
  }
  return {
    kind: 's3',
    bucket: s3.bucket,
    endpoint: s3.endpoint ?? (env.S3_ENDPOINT || undefined),
    // S3-compatible servers accept AWS's first region whatever their own is called.
    region: s3.region ?? (env.S3_REGION || env.AWS_REGION || 'us-east-1'),
    forcePathStyle: forcePathStyle === true || forcePathStyle === 'true' || forcePathStyle === '1',
  };
}

/** Data folder from PROVIDER_DATA, else `<repo>/.provider-data`. */
export function dataDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.PROVIDER_DATA ? path.resolve(env.PROVIDER_DATA) : defaultDataDir;
}

/** REDIS_URL / redisUrl: a `redis://` or `rediss://` URL, or nothing; anything else stops the provider naming the setting. */
function redisUrlOf(value: string | undefined): string | null {
  if (!value) return null;
  if (!/^rediss?:\/\/[^/]/.test(value)) {
    throw new Error('REDIS_URL / redisUrl takes a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379.');
  }
  return value;
}

function numberFromEnv(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`Expected a positive integer, got "${value}"`);
  return parsed;
}

/** proxy-addr's names for ranges of addresses. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * PROVIDER_TRUST_PROXY / trustProxy: proxy addresses and CIDR ranges separated by commas (or an
 * array of them); unset, empty or `false` is off. Anything else (`true`, a hop count, a name, a
 * range that holds every address) stops the provider with an error naming the setting.
 */
export function trustedProxies(value: unknown, setting: string): string[] | false {
  if (value === undefined || value === null || value === false || value === '' || value === 'false') return false;
  const refuse = (what: string) =>
    new Error(
      `${setting} takes the addresses or CIDR ranges of your proxies, separated by commas (e.g. 127.0.0.1 or 10.0.0.0/8), not ${what}. ` +
        'Trusting any proxy would take the client address from the left-most X-Forwarded-For entry, which the client writes itself.',
    );
  if (value === true || value === 'true') throw refuse('"true"');
  const entries = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? (value as unknown[]) : null;
  if (entries === null) throw refuse(JSON.stringify(value) ?? String(value));
  const list = entries.map((entry) => (typeof entry === 'string' ? entry.trim() : String(entry))).filter(Boolean);
  for (const entry of list) {
    if (namedRanges.has(entry)) continue;
    const [address = '', bits, ...rest] = entry.split('/');
    const family = net.isIP(address);
    const prefix = bits === undefined ? null : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
    if (family === 0 || rest.length > 0 || Number.isNaN(prefix) || (prefix !== null && prefix > (family === 4 ? 32 : 128))) {
      throw refuse(`"${entry}" (not an IP address or CIDR range)`);
    }
    if (prefix === 0) throw refuse(`"${entry}" (a range of every address)`);
  }
  return list.length > 0 ? list : false;
}

function trimSlash(origin: string): string {
  return origin.replace(/\/+$/, '');
}
