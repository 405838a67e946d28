import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { type DatabaseLocation, databaseLocation } from './database';
import { type MailConfig, type MailOptions, mailConfigOf } from './mailConfig';
import { type MediaStorageConfig } from './mediaStorage';
import { type ThrottleLimits, defaultThrottleLimits } from './throttle';

/**
 * The checkout the provider runs from: the nearest folder above this file that holds api-spec.yaml.
 * Run by tsx this file is provider/src/config.ts; compiled (`npm run provider:build`) it is
 * provider/dist/provider/src/config.js, two folders deeper, and the spec, the seed assets and the
 * default data folder are where they were.
 */
function checkoutRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'api-spec.yaml'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No api-spec.yaml in any folder above ${from}: the provider runs from its checkout.`);
  }
}

export const repoRoot = checkoutRoot(__dirname);
export const defaultDataDir = path.join(repoRoot, '.provider-data');
export const defaultSpecFile = path.join(repoRoot, 'api-spec.yaml');
export const seedAssetsDir = path.join(repoRoot, 'provider', 'seed-assets');

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
  /**
   * Largest chapter video sent through the resumable (tus) endpoint (default
   * PROVIDER_RESUMABLE_VIDEO_LIMIT_BYTES, else 2 GB).
   */
  resumableVideoLimitBytes?: number;
  /** How long a resumable upload may stay unfinished or unused before it is swept (default PROVIDER_RESUMABLE_UPLOAD_EXPIRY_MS, else 24 hours). */
  resumableUploadExpiryMs?: number;
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
  /**
   * Structured logs (Fastify's pino: a JSON line per request and per error, on stdout): on unless
   * false, or written to `stream` (what a test reads). Default: on unless PROVIDER_LOG=0. Cookies,
   * the authorization and XSRF headers and secret body fields are redacted (logging.ts).
   */
  logger?: boolean | { stream: LogStream };
  /** The lowest level logged (default PROVIDER_LOG_LEVEL, else `info`: every request). */
  logLevel?: LogLevel;
  /**
   * `/readyz` answers 503 while the data folder's disk has no more than this many bytes free
   * (default PROVIDER_MIN_FREE_BYTES, else 200 MB): uploads are received there.
   */
  minFreeBytes?: number;
  /**
   * On a stop, how long requests in flight (uploads included) may take to finish before their
   * connections are closed (default PROVIDER_STOP_GRACE_MS, else 30 s; `closeGracefully`).
   */
  stopGraceMs?: number;
  /** Print outgoing mails, codes and links included, to the console (default true, false with NODE_ENV=production). */
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
  /**
   * Card payments through Stripe Checkout (stripePayments.ts): the secret API key and the webhook's
   * signing secret (default STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; both or neither), and
   * optionally another API host (STRIPE_API_BASE, e.g. a test's imitation at http://127.0.0.1:4010).
   * Without them the local test checkout stays (checkout.ts), which charges nothing.
   */
  stripe?: { secretKey?: string; webhookSecret?: string; apiBase?: string };
  /** The currency of course prices, an ISO 4217 code (default STRIPE_CURRENCY, else `usd`): the courses have none of their own. */
  currency?: string;
  /**
   * The secret that signs the one-click unsubscribe links of notification mails (default
   * UNSUBSCRIBE_SECRET; at least 32 characters; every instance must have the same). Without it a
   * random secret made once and kept in the database signs them (`provider_secrets`).
   */
  unsubscribeSecret?: string;
  /** How often each instance runs the notification jobs: due reminders, enrolment digests (default 60 s). */
  notificationIntervalMs?: number;
  /**
   * The lesson rooms' STUN and TURN servers (default ICE_STUN_URLS and TURN_URLS, comma-separated,
   * and TURN_SECRET, coturn's static-auth-secret; docs/lesson-room.md). Without them calls use the
   * two browsers' own addresses only, which works on one network but rarely between two homes.
   */
  ice?: Partial<IceConfig>;
}

/** The STUN and TURN servers the calls use (ICE_STUN_URLS, TURN_URLS, TURN_SECRET); see docs/lesson-room.md. */
export interface IceConfig {
  stunUrls: string[];
  turnUrls: string[];
  /** coturn's `static-auth-secret`: the TURN credentials are made from it and last until the room closes. */
  turnSecret: string | null;
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
  /** The resumable endpoint's largest video, and where its uploads are received: the data folder's `uploads/` (resumableUploads.ts). */
  resumableVideoLimitBytes: number;
  resumableUploadDir: string;
  resumableUploadExpiryMs: number;
  scryptCost: number;
  /** Seed the demo academy into a new database (PROVIDER_DEMO=1; `npm start` sets it): its passwords are public. */
  demo: boolean;
  seedCourses: number;
  /** Where the logs go and from which level, or false (none). */
  logger: false | { level: LogLevel; stream?: LogStream };
  minFreeBytes: number;
  stopGraceMs: number;
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
  /** Stripe Checkout, or null: the local test checkout, which charges nothing. */
  stripe: StripeConfig | null;
  /** The currency of course prices, lower case (`usd`). */
  currency: string;
  /** Signs the unsubscribe links of notification mails (notifications.ts), or null: the database's own. */
  unsubscribeSecret: string | null;
  notificationIntervalMs: number;
  ice: IceConfig;
}

/** The database `url` names (DATABASE_URL), a SQLite file's path made absolute. */
function databaseOf(url: string | undefined, dataDir: string): DatabaseLocation {
  let location: DatabaseLocation;
  try {
    location = databaseLocation(url, path.join(dataDir, 'provider.sqlite'));
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  return location.engine === 'sqlite' ? { engine: 'sqlite', file: path.resolve(location.file) } : location;
}

export function resolveConfig(options: ProviderOptions, env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  const dataDir = path.resolve(options.dataDir);
  const explicitOrigin = appOriginOf(options.appOrigin ?? (env.APP_ORIGIN || undefined));
  const production = env.NODE_ENV === 'production';
  const mail = mailConfigOf(options, env);
  const stripe = stripeConfigOf(options.stripe, env);
  if (production) checkProduction({ appOrigin: explicitOrigin, devMode: options.devMode ?? env.PROVIDER_DEV === '1', mail, stripe });
  const requestTimeoutMs = options.requestTimeoutMs ?? numberFromEnv(env, 'PROVIDER_REQUEST_TIMEOUT_MS') ?? 5 * 60 * 1000;
  const uploadMaxAgeMs = options.uploadMaxAgeMs ?? numberFromEnv(env, 'PROVIDER_UPLOAD_MAX_AGE_MS') ?? requestTimeoutMs + 10 * 60 * 1000;
  if (uploadMaxAgeMs <= requestTimeoutMs) {
    throw new ConfigError(
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
    appOrigin: explicitOrigin ?? 'http://localhost:8080',
    appBase: explicitOrigin ?? '',
    imageLimitBytes: options.imageLimitBytes ?? numberFromEnv(env, 'PROVIDER_IMAGE_LIMIT_BYTES') ?? 5 * megabyte,
    videoLimitBytes: options.videoLimitBytes ?? numberFromEnv(env, 'PROVIDER_VIDEO_LIMIT_BYTES') ?? 50 * megabyte,
    resumableVideoLimitBytes:
      options.resumableVideoLimitBytes ?? numberFromEnv(env, 'PROVIDER_RESUMABLE_VIDEO_LIMIT_BYTES') ?? 2 * 1024 * megabyte,
    resumableUploadDir: path.join(dataDir, 'uploads'),
    resumableUploadExpiryMs:
      options.resumableUploadExpiryMs ?? numberFromEnv(env, 'PROVIDER_RESUMABLE_UPLOAD_EXPIRY_MS') ?? 24 * 60 * 60 * 1000,
    scryptCost: options.scryptCost ?? (env.NODE_ENV === 'test' ? 1024 : 16384),
    demo: options.demo ?? env.PROVIDER_DEMO === '1',
    seedCourses: options.seedCourses ?? numberFromEnv(env, 'PROVIDER_SEED_COURSES') ?? 0,
    logger: loggerOf(options, env),
    minFreeBytes: options.minFreeBytes ?? numberFromEnv(env, 'PROVIDER_MIN_FREE_BYTES') ?? 200 * megabyte,
    stopGraceMs: options.stopGraceMs ?? numberFromEnv(env, 'PROVIDER_STOP_GRACE_MS') ?? 30_000,
    // In production a mail's code or reset link never reaches the console or its log.
    logMail: options.logMail ?? !production,
    mail,
    devMode: options.devMode ?? env.PROVIDER_DEV === '1',
    throttle: { ...defaultThrottleLimits, ...options.throttle },
    redisUrl: redisUrlOf(options.redisUrl ?? env.REDIS_URL),
    trustProxy:
      options.trustProxy === undefined ? trustedProxies(env.PROVIDER_TRUST_PROXY, 'PROVIDER_TRUST_PROXY') : trustedProxies(options.trustProxy, 'trustProxy'),
    requestTimeoutMs,
    uploadSweepIntervalMs:
      options.uploadSweepIntervalMs ?? numberFromEnv(env, 'PROVIDER_UPLOAD_SWEEP_INTERVAL_MS') ?? 10 * 60 * 1000,
    uploadMaxAgeMs,
    stripe,
    currency: currencyOf(options.currency ?? env.STRIPE_CURRENCY),
    unsubscribeSecret: unsubscribeSecretOf(options.unsubscribeSecret ?? env.UNSUBSCRIBE_SECRET),
    notificationIntervalMs: options.notificationIntervalMs ?? 60 * 1000,
    ice: iceConfigOf(options.ice, env),
  };
}

/** How the provider reaches Stripe (`stripeConfigOf`). */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The API's address when it is not Stripe's own, in the library's terms. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/**
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or the `stripe` option): both, or neither. One
 * without the other stops the provider: a key without the webhook's secret would take payments
 * that never enrol anyone, a secret without the key could open no checkout.
 */
function stripeConfigOf(option: ProviderOptions['stripe'], env: NodeJS.ProcessEnv): StripeConfig | null {
  const secretKey = (option?.secretKey ?? env.STRIPE_SECRET_KEY ?? '').trim();
  const webhookSecret = (option?.webhookSecret ?? env.STRIPE_WEBHOOK_SECRET ?? '').trim();
  if (secretKey === '' && webhookSecret === '') return null;
  if (secretKey === '') throw new ConfigError('STRIPE_SECRET_KEY is required with STRIPE_WEBHOOK_SECRET: set both for Stripe payments, or neither.');
  if (webhookSecret === '') throw new ConfigError('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY: set both for Stripe payments, or neither.');
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey)) {
    throw new ConfigError('STRIPE_SECRET_KEY takes a Stripe secret key (sk_live_… or sk_test_…, or a restricted rk_… key).');
  }
  if (!webhookSecret.startsWith('whsec_')) throw new ConfigError("STRIPE_WEBHOOK_SECRET takes the webhook's signing secret (whsec_…).");
  const apiBase = (option?.apiBase ?? env.STRIPE_API_BASE ?? '').trim();
  return { secretKey, webhookSecret, ...(apiBase === '' ? {} : { api: stripeApiOf(apiBase) }) };
}

/** STRIPE_API_BASE: an http(s) origin, split into the library's host, port and protocol. */
function stripeApiOf(value: string): NonNullable<StripeConfig['api']> {
  const refuse = () => new ConfigError(`STRIPE_API_BASE takes an http(s) origin such as http://127.0.0.1:4010, not "${value}".`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse();
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.username) throw refuse();
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80, protocol };
}

/** STRIPE_CURRENCY / currency: a three-letter ISO 4217 code, lower case (Stripe's spelling); default `usd`. */
function currencyOf(value: string | undefined): string {
  const code = (value ?? '').trim().toLowerCase() || 'usd';
  if (!/^[a-z]{3}$/.test(code)) throw new ConfigError(`STRIPE_CURRENCY takes a three-letter currency code such as usd or eur, not "${value}".`);
  return code;
}

/** UNSUBSCRIBE_SECRET / unsubscribeSecret: at least 32 characters, or null (unset: the database keeps a random one). */
function unsubscribeSecretOf(value: string | undefined): string | null {
  const secret = value?.trim() ?? '';
  if (secret === '') return null;
  if (secret.length < 32) throw new ConfigError('UNSUBSCRIBE_SECRET must be at least 32 characters long.');
  return secret;
}

/**
 * The media store: the `s3` or `mediaDir` option when one is given, else S3_BUCKET or MEDIA_DIR,
 * else the data folder's `media/`. A folder and a bucket both set stop the provider: which one
 * holds the media would be a guess.
 */
function mediaStorageOf(options: ProviderOptions, env: NodeJS.ProcessEnv, dataDir: string): MediaStorageConfig {
  if (options.s3 && options.mediaDir) throw new ConfigError('Give the media a folder (mediaDir) or a bucket (s3), not both.');
  const explicit = options.s3 !== undefined || options.mediaDir !== undefined;
  const s3 = explicit ? options.s3 : env.S3_BUCKET ? { bucket: env.S3_BUCKET } : undefined;
  const dir = explicit ? options.mediaDir : env.MEDIA_DIR || undefined;
  if (s3 && dir) throw new ConfigError('Set MEDIA_DIR (a shared folder) or S3_BUCKET (a bucket) for the media, not both.');
  if (dir) return { kind: 'folder', dir: path.resolve(dir) };
  if (!s3) return { kind: 'folder', dir: path.join(dataDir, 'media') };
  const forcePathStyle = s3.forcePathStyle ?? env.S3_FORCE_PATH_STYLE;
  if (typeof forcePathStyle === 'string' && !['', 'true', 'false', '1', '0'].includes(forcePathStyle)) {
    throw new ConfigError(`S3_FORCE_PATH_STYLE takes true or false, not "${forcePathStyle}".`);
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

/**
 * A setting that is missing or malformed: the provider does not start, and `npm run provider:start`
 * prints the message alone, on one line (it names the setting), and exits with code 1.
 */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * With NODE_ENV=production, what a development start may leave to defaults must be said: the app's
 * origin (mailed links, checkout redirects, the Origin check), over HTTPS; the SMTP server (without
 * it no code or reset link reaches anyone); and Stripe (without it the local test checkout would
 * enrol students in paid courses for nothing). Development mode, whose outbox shows every code, is refused.
 */
function checkProduction({ appOrigin, devMode, mail, stripe }: { appOrigin: string | undefined; devMode: boolean; mail: ProviderConfig['mail']; stripe: StripeConfig | null }): void {
  if (!appOrigin) {
    throw new ConfigError('APP_ORIGIN is required with NODE_ENV=production: the https origin of the app, e.g. https://academy.example.');
  }
  if (!appOrigin.startsWith('https://')) {
    throw new ConfigError(`APP_ORIGIN must be an https origin with NODE_ENV=production (cookies and links travel over it), not "${appOrigin}".`);
  }
  if (devMode) throw new ConfigError('PROVIDER_DEV=1 (development mode, with every mailed code at /dev/outbox) is refused with NODE_ENV=production.');
  if (!mail.smtp) throw new ConfigError('SMTP_URL is required with NODE_ENV=production: without it no code or link reaches a student, e.g. smtp://user:password@mail.example.org:587.');
  if (!stripe) {
    throw new ConfigError('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required with NODE_ENV=production: the local test checkout charges nothing.');
  }
}

/** APP_ORIGIN / appOrigin: an http(s) origin (a trailing slash is dropped), or nothing; anything else stops the provider naming it. */
function appOriginOf(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  const refuse = () => new ConfigError(`APP_ORIGIN takes the origin of the app, e.g. https://academy.example, not "${value}".`);
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw refuse();
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.pathname !== '/' || url.search || url.hash) throw refuse();
  return trimSlash(value.trim());
}

/** Pino's levels, `silent` logging nothing. */
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** Where pino writes its lines (a test's collector, a file…). */
export interface LogStream {
  write(line: string): void;
}

/** The `logger` option, else PROVIDER_LOG (`0` off, `1` or unset on), at `logLevel` or PROVIDER_LOG_LEVEL. */
function loggerOf(options: ProviderOptions, env: NodeJS.ProcessEnv): ProviderConfig['logger'] {
  const setting = env.PROVIDER_LOG?.trim() ?? '';
  if (!['', '0', '1'].includes(setting)) throw new ConfigError(`PROVIDER_LOG takes 0 (no logs) or 1 (logs, the default), not "${setting}".`);
  const on = options.logger ?? setting !== '0';
  if (on === false) return false;
  const levelSetting = env.PROVIDER_LOG_LEVEL?.trim() || 'info';
  const level = options.logLevel ?? levelSetting;
  if (!(logLevels as readonly string[]).includes(level)) throw new ConfigError(`PROVIDER_LOG_LEVEL takes one of ${logLevels.join(', ')}, not "${level}".`);
  return { level: level as LogLevel, ...(on === true ? {} : { stream: on.stream }) };
}

/** Where `npm run provider:start` listens: PROVIDER_HOST (default 127.0.0.1) and PROVIDER_PORT (default 8000). */
export function listenAddressFromEnv(env: NodeJS.ProcessEnv = process.env): { host: string; port: number } {
  const value = env.PROVIDER_PORT?.trim();
  const port = value ? Number(value) : 8000;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PROVIDER_PORT takes a port number (0 to 65535), not "${value}".`);
  return { host: env.PROVIDER_HOST?.trim() || '127.0.0.1', port };
}

/** Data folder from PROVIDER_DATA, else `<repo>/.provider-data`. */
export function dataDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.PROVIDER_DATA ? path.resolve(env.PROVIDER_DATA) : defaultDataDir;
}

/** REDIS_URL / redisUrl: a `redis://` or `rediss://` URL, or nothing; anything else stops the provider naming the setting. */
function redisUrlOf(value: string | undefined): string | null {
  if (!value) return null;
  if (!/^rediss?:\/\/[^/]/.test(value)) {
    throw new ConfigError('REDIS_URL / redisUrl takes a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379.');
  }
  return value;
}

/** The setting `name` as a positive whole number, or undefined when unset or empty; anything else stops the provider naming it. */
function numberFromEnv(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed <= 0) throw new ConfigError(`${name} takes a positive whole number, not "${value}".`);
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
    new ConfigError(
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

/** ICE_STUN_URLS / TURN_URLS (comma-separated `stun:` / `turn:` or `turns:` URLs) and TURN_SECRET; TURN needs both. */
function iceConfigOf(option: Partial<IceConfig> | undefined, env: NodeJS.ProcessEnv): IceConfig {
  const list = (value: string | undefined) => (value ?? '').split(',').map((url) => url.trim()).filter(Boolean);
  const stunUrls = option?.stunUrls ?? list(env.ICE_STUN_URLS);
  const turnUrls = option?.turnUrls ?? list(env.TURN_URLS);
  const turnSecret = option?.turnSecret ?? (env.TURN_SECRET || null);
  for (const url of stunUrls) if (!/^stuns?:/.test(url)) throw new ConfigError(`ICE_STUN_URLS: "${url}" is not a stun: URL.`);
  for (const url of turnUrls) if (!/^turns?:/.test(url)) throw new ConfigError(`TURN_URLS: "${url}" is not a turn: or turns: URL.`);
  if (turnUrls.length > 0 && !turnSecret) throw new ConfigError('TURN_URLS needs TURN_SECRET (coturn\'s static-auth-secret).');
  return { stunUrls, turnUrls, turnSecret };
}
