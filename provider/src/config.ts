import path from 'node:path';
import { type ThrottleLimits, defaultThrottleLimits } from './throttle';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const defaultDataDir = path.join(repoRoot, '.provider-data');
export const defaultSpecFile = path.join(repoRoot, 'api-spec.yaml');
export const seedAssetsDir = path.resolve(__dirname, '..', 'seed-assets');

const megabyte = 1024 * 1024;

export interface ProviderOptions {
  /** Folder holding the SQLite file and uploaded media. */
  dataDir: string;
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
  /** Seed demo data when the database is new (default true). */
  seed?: boolean;
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
   * Fastify's `trustProxy` (default: PROVIDER_TRUST_PROXY, else off): which proxies' `X-Forwarded-For`,
   * `-Proto` and `-Host` are believed, for the client address (brute-force limits), HTTPS (Secure
   * cookies) and the provider's own origin. `true` trusts any; a string is a comma-separated list
   * of proxy addresses or CIDR ranges (e.g. `127.0.0.1,10.0.0.0/8`).
   */
  trustProxy?: boolean | string;
  /** Longest time to receive a whole request, body included (default PROVIDER_REQUEST_TIMEOUT_MS, else 5 minutes). */
  requestTimeoutMs?: number;
}

export interface ProviderConfig {
  dataDir: string;
  databaseFile: string;
  mediaDir: string;
  uploadTmpDir: string;
  specFile: string;
  /** Origin used in mailed links. */
  appOrigin: string;
  /** Prefix of checkout redirects: the explicit app origin, or '' (root-relative). */
  appBase: string;
  imageLimitBytes: number;
  videoLimitBytes: number;
  scryptCost: number;
  seed: boolean;
  seedCourses: number;
  logger: boolean;
  logMail: boolean;
  devMode: boolean;
  throttle: ThrottleLimits;
  trustProxy: boolean | string;
  requestTimeoutMs: number;
}

export function resolveConfig(options: ProviderOptions, env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  const dataDir = path.resolve(options.dataDir);
  const explicitOrigin = options.appOrigin ?? env.APP_ORIGIN;
  return {
    dataDir,
    databaseFile: path.join(dataDir, 'provider.sqlite'),
    mediaDir: path.join(dataDir, 'media'),
    uploadTmpDir: path.join(dataDir, 'tmp'),
    specFile: options.specFile ?? defaultSpecFile,
    appOrigin: trimSlash(explicitOrigin ?? 'http://localhost:8080'),
    appBase: explicitOrigin ? trimSlash(explicitOrigin) : '',
    imageLimitBytes: options.imageLimitBytes ?? numberFromEnv(env.PROVIDER_IMAGE_LIMIT_BYTES) ?? 5 * megabyte,
    videoLimitBytes: options.videoLimitBytes ?? numberFromEnv(env.PROVIDER_VIDEO_LIMIT_BYTES) ?? 50 * megabyte,
    scryptCost: options.scryptCost ?? (env.NODE_ENV === 'test' ? 1024 : 16384),
    seed: options.seed ?? true,
    seedCourses: options.seedCourses ?? numberFromEnv(env.PROVIDER_SEED_COURSES) ?? 0,
    logger: options.logger ?? false,
    logMail: options.logMail ?? true,
    devMode: options.devMode ?? env.PROVIDER_DEV === '1',
    throttle: { ...defaultThrottleLimits, ...options.throttle },
    trustProxy: options.trustProxy ?? trustProxyFromEnv(env.PROVIDER_TRUST_PROXY),
    requestTimeoutMs: options.requestTimeoutMs ?? numberFromEnv(env.PROVIDER_REQUEST_TIMEOUT_MS) ?? 5 * 60 * 1000,
  };
}

/** Data folder from PROVIDER_DATA, else `<repo>/.provider-data`. */
export function dataDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.PROVIDER_DATA ? path.resolve(env.PROVIDER_DATA) : defaultDataDir;
}

function numberFromEnv(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`Expected a positive integer, got "${value}"`);
  return parsed;
}

/** PROVIDER_TRUST_PROXY: `true`, or proxy addresses and CIDR ranges separated by commas; unset is off. */
function trustProxyFromEnv(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

function trimSlash(origin: string): string {
  return origin.replace(/\/+$/, '');
}
