/**
 * Serves the production build (`dist/`) and proxies `/api` and `/media` to the provider, so the
 * app and the provider share one origin (cookies, XSRF token and checkout redirects work as they
 * do behind a real reverse proxy). Built from Fastify's own plugins: @fastify/static (with the
 * build's brotli and gzip copies, `preCompressed`), @fastify/http-proxy and @fastify/compress.
 *
 * - A prerendered route (`dist/pages/`, see scripts/prerender.ts) gets its page; a public page
 *   that shows the provider's data (`dataPages`: home, a course, a teacher, the lists) is rendered per
 *   request with that data by the build's render bundle, as a visitor sees it (no cookies are
 *   passed on), its API state sent along for the browser's store; a student's first screens
 *   (`studentPages`) are rendered as that student when the request carries their `student_session`
 *   cookie, which goes with the render's provider calls only, answered `private, no-store` and
 *   never kept (decision 0041); a data page whose render failed or took too long gets its
 *   prerendered page if it has one (home), else the shell (`index.html`), as does any other route
 *   of the app; a path that is no route of the app gets the prerendered not-found page with status
 *   404; a missing file (a path with an extension) a 404.
 * - Hashed assets are cached for a year as immutable, HTML is revalidated (`no-cache`).
 *
 * - The data pages' links and images are on the public origin (`publicOrigin`, PUBLIC_ORIGIN),
 *   which comes from configuration only, never from the request's `Host` or `X-Forwarded-*`.
 *   It is required when the server listens on an address other than loopback; on loopback it
 *   defaults to `http://<host>:<port>`.
 * - PROVIDER_URL may name several provider instances (on one database, Redis and media store),
 *   separated by commas: `/api` and `/media` requests, the render threads' provider calls and the
 *   kept pages' checks then go to each in turn (round-robin), so this server is the one address in
 *   front of them. A GET or HEAD whose instance refuses the connection (nothing listens there) is
 *   sent to the next one; any other request cannot be repeated safely and gets the 502 answer.
 * - The provider is told who asked: `X-Forwarded-For` is set to the peer's address, or behind a
 *   proxy named in RENDER_TRUST_PROXY the client that proxy names (what the client wrote is
 *   dropped), so a provider that trusts this server's address (PROVIDER_TRUST_PROXY) counts each
 *   client's attempts under its real address.
 *
 * Data pages render on a pool of worker threads (scripts/renderPool.ts on piscina, each thread
 * scripts/renderWorker.cjs), each rendering one page at a time, with a bounded queue. A page must
 * be rendered within RENDER_TIMEOUT_MS of its request, else it gets the shell at once and its render
 * is dropped, not finished in the background: when the queue is full, or the pages ahead of it
 * would take it past its deadline, the request does not wait; a page whose time runs out while it
 * waits (or has less left than a render takes) leaves the queue unrendered; a render running at
 * the deadline is stopped by terminating its worker, which a fresh one replaces. A worker that dies
 * (a crash, an exit) is replaced too, and the page it was rendering gets the shell. The visitor
 * whose page ran past its deadline or killed its worker backs off (its data pages get the shell,
 * 1 s doubling up to 60 s), and worker restarts are capped over any rolling minute
 * (RENDER_RESTARTS_PER_MINUTE). So a burst of requests costs at most the renders that can be sent.
 *
 * CLI: `PORT=8080 PROVIDER_URL=http://127.0.0.1:8000 tsx scripts/serve-dist.ts`
 * (PROVIDER_URL=http://127.0.0.1:8000,http://127.0.0.1:8001 for two instances;
 * HOST the interface, default 127.0.0.1; PUBLIC_ORIGIN the origin visitors use, e.g.
 * `https://academy.example`; DIST_DIR overrides the folder, default `<repo>/dist`; RENDER_BUNDLE the
 * render bundle, default `dist-render/prerender.js`.)
 * The render pool (options `renderWorkers`, `renderQueue`, `renderTimeoutMs`):
 * - RENDER_WORKERS: worker threads, default the machine's cores (`os.availableParallelism()`);
 *   each holds the render bundle (about 90 MB) and renders one page at a time, once it has loaded
 *   the bundle and rendered each data page once to warm up (about 2 s of CPU, at the start and for
 *   each replacement). On a machine the provider shares, fewer workers than cores keep its answers
 *   fast (npm run bench:load: on 2 cores at 4× the users, 1 worker kept the API's p99 under 35 ms,
 *   2 did not);
 * - RENDER_QUEUE: data pages that may wait for a worker, default 4 per worker (0: none wait);
 * - RENDER_TIMEOUT_MS: the longest a data page may take, waiting and rendering, before the shell
 *   goes out instead, default 1500;
 * - RENDER_RESTARTS_PER_MINUTE: worker restarts over any 60 s, counting the data pages in flight
 *   (each may end in one), beyond which data pages get the shell; default the workers plus the
 *   queue, at least 6;
 * - RENDER_TRUST_PROXY: the proxy in front (nginx: `127.0.0.1`), whose X-Forwarded-For names the
 *   visitor whose address backs off (addresses or CIDR ranges, as PROVIDER_TRUST_PROXY); unset, the
 *   peer's address.
 * - RENDER_CACHE_ENTRIES: rendered data pages kept to be sent again while the provider's answers
 *   they were rendered from are unchanged (scripts/renderCache.ts), default 500 (0: none);
 * - RENDER_CACHE_SECONDS: the longest a kept page is sent again after its render, default 300.
 * On SIGTERM or SIGINT it prints what became of the data pages (rendered, sent again, and why others got the shell).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyHttpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { matchPath } from 'react-router-dom';
import { trustedProxies } from '../provider/src/config';
import { networkOf } from '../provider/src/throttle';
import { COMPACT_LAYOUT_COOKIE } from '../src/components/compactLayoutCookie';
import { pageDocument } from './pageDocument';
import { RenderCache } from './renderCache';
import { RenderPool, type RenderPoolStats, type RenderedDataPage } from './renderPool';
import { passUpgradesThrough } from './upgradeProxy';

export interface DistServerOptions {
  /** Folder of the production build; must hold index.html. */
  distDir: string;
  /**
   * Base URL of the provider, e.g. `http://127.0.0.1:8000`; or of several instances of it, as a
   * list or separated by commas, which requests go to in turn.
   */
  providerUrl: string | readonly string[];
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on, default 127.0.0.1. */
  host?: string;
  /**
   * The origin visitors use (scheme, host and port, e.g. `https://academy.example`): the data
   * pages' links and images are on it. Required when `host` is not a loopback address; on
   * loopback the default is `http://<host>:<port>`. Never taken from a request's headers.
   */
  publicOrigin?: string;
  /** The build's render bundle (webpack's `prerender` output); without it data pages get the shell. */
  renderBundle?: string;
  /** Worker threads rendering data pages, one page each at a time; default `os.availableParallelism()`. */
  renderWorkers?: number;
  /** Data pages that may wait for a worker; default 4 per worker. Beyond, the shell at once. */
  renderQueue?: number;
  /** The longest a data page may take (waiting and rendering) before it gets the shell; default 1500 ms. */
  renderTimeoutMs?: number;
  /**
   * Render thread restarts allowed over any 60 s, counting the data pages in flight (each may end
   * in one); beyond, data pages get the shell. Default the workers plus the queue, at least 6.
   */
  renderRestartsPerMinute?: number;
  /**
   * The proxies in front of this server (addresses or CIDR ranges, as PROVIDER_TRUST_PROXY), whose
   * `X-Forwarded-For` names the visitor: the render back-off is per visitor's address. Default none.
   */
  trustProxy?: string | readonly string[];
  /** Rendered data pages kept to be sent again while their provider answers are unchanged; default 500 (0: none). */
  renderCacheEntries?: number;
  /** The longest a kept page is sent again after its render, in seconds; default 300. */
  renderCacheSeconds?: number;
}

/** What became of the data pages: the render pool's counts, and the pages sent again unrendered. */
export interface DataPageStats extends RenderPoolStats {
  /** Sent again from the render cache, their provider answers unchanged. */
  reused: number;
}

export interface DistServer {
  /** Origin of the running server, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** The origin of the data pages' links and images (`publicOrigin`, or its default). */
  publicOrigin: string;
  /** What became of the data pages asked for so far; null without a render bundle. */
  renderStats: () => DataPageStats | null;
  close: () => Promise<void>;
}

/** What scripts/prerender.ts writes to `dist/pages/manifest.json`. */
export interface PagesManifest {
  /** Route path -> file under dist, e.g. `"/about": "pages/about.html"`. */
  pages: Record<string, string>;
  /** The not-found page, e.g. `pages/404.html`. */
  notFound: string;
  /** Every route pattern of the app, e.g. `/detail/:course_id`. */
  routes: string[];
  /** The routes rendered per request with the provider's data, e.g. `/detail/:course_id`. */
  dataPages: string[];
  /** Each one's script chunks (its screen's), which its boot script loads. */
  dataPageChunks: Record<string, string[]>;
  /** A student's first screens, rendered with their session when the request carries it (decision 0041). */
  studentPages?: string[];
  /** Their screens' script chunks (the `student` area). */
  studentPageChunks?: string[];
}

export const defaultRenderBundle = path.resolve(__dirname, '..', 'dist-render', 'prerender.js');

/** A data page slower than this is sent as the shell, which loads its data in the browser. */
const RENDER_TIMEOUT_MS = 1500;
/** Data pages that may wait for a render worker, per worker. */
const RENDER_QUEUE_PER_WORKER = 4;
/** The longest a server render waits for one provider call (at most the page's own limit). */
const PROVIDER_CALL_TIMEOUT_MS = 1200;
const RENDER_CACHE_ENTRIES = 500;
const RENDER_CACHE_SECONDS = 300;

export const pagesManifestFile = path.join('pages', 'manifest.json');

/** webpack's `[contenthash:10]` names: safe to cache for a year. */
const hashedAsset = /\.[0-9a-f]{8,}(\.chunk)?\.[a-z0-9]+$/;

/** Files under fixed names that must be revalidated: a new deployment changes them in place. */
const revalidatedFiles = new Set(['sw.js', 'manifest.webmanifest']);

export function cacheControlOf(file: string): string {
  const name = file.replace(/\.(br|gz)$/, '');
  if (name.endsWith('.html') || revalidatedFiles.has(path.basename(name))) return 'no-cache';
  if (hashedAsset.test(name)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

function readManifest(distDir: string): PagesManifest | null {
  const file = path.join(distDir, pagesManifestFile);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as PagesManifest) : null;
}

/** What @fastify/http-proxy hands its handler for `reply.from`. */
type ReplyOptions = Parameters<NonNullable<FastifyHttpProxyOptions['handler']>>[3];

/** Starts the server; resolves once it listens. */
export async function startDistServer(options: DistServerOptions): Promise<DistServer> {
  const host = options.host ?? '127.0.0.1';
  const configuredOrigin = options.publicOrigin === undefined || options.publicOrigin === '' ? null : originOf(options.publicOrigin);
  if (configuredOrigin === null && !isLoopbackHost(host)) {
    throw new Error(
      `PUBLIC_ORIGIN (publicOrigin) is required when the server listens on ${host}, which is not a loopback address: ` +
        "set it to the origin visitors use, e.g. https://academy.example (the data pages' links and images are on it).",
    );
  }
  const distDir = path.resolve(options.distDir);
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`No production build at ${distDir} (index.html missing): run \`npm run build\` first.`);
  }
  const manifest = readManifest(distDir);
  const renderBundle = options.renderBundle ?? defaultRenderBundle;
  const shell = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const workers = options.renderWorkers ?? os.availableParallelism();
  const timeoutMs = options.renderTimeoutMs ?? RENDER_TIMEOUT_MS;
  const queueLimit = options.renderQueue ?? RENDER_QUEUE_PER_WORKER * workers;
  checkCount('RENDER_WORKERS (renderWorkers)', workers, 1);
  checkCount('RENDER_QUEUE (renderQueue)', queueLimit, 0);
  checkCount('RENDER_TIMEOUT_MS (renderTimeoutMs)', timeoutMs, 1);
  const restartsPerMinute = options.renderRestartsPerMinute ?? Math.max(6, workers + queueLimit);
  checkCount('RENDER_RESTARTS_PER_MINUTE (renderRestartsPerMinute)', restartsPerMinute, 1);
  const trustProxy = trustedProxies(options.trustProxy, 'RENDER_TRUST_PROXY (trustProxy)');
  const cacheEntries = options.renderCacheEntries ?? RENDER_CACHE_ENTRIES;
  const cacheSeconds = options.renderCacheSeconds ?? RENDER_CACHE_SECONDS;
  checkCount('RENDER_CACHE_ENTRIES (renderCacheEntries)', cacheEntries, 0);
  checkCount('RENDER_CACHE_SECONDS (renderCacheSeconds)', cacheSeconds, 1);
  const callTimeoutMs = Math.min(PROVIDER_CALL_TIMEOUT_MS, timeoutMs);
  const providers = new ProviderInstances(providerAddresses(options.providerUrl));
  const cache = new RenderCache({ fetchProvider: (pathname, init) => providers.fetch(pathname, init), entries: cacheEntries, maxAgeMs: cacheSeconds * 1000, callTimeoutMs });
  let reused = 0;
  /**
   * Kept pages' documents compressed once at brotli's quality 10 (on libuv's threads, not the
   * server's), sent instead of the on-the-fly compression's (quality 6) to the visitors after the
   * second: a rendered home page is 13.9 KB instead of 15.3 KB, within the first round trip of a
   * new connection (about 14 KB), for 40 ms of CPU (quality 11: 13.6 KB for 180 ms, which on two
   * cores delayed other pages' first paint). Only a page sent again is packed: one seen once costs
   * no more.
   */
  const packed = new WeakMap<RenderedDataPage, Buffer | 'packing'>();
  const pack = (page: RenderedDataPage, document: string): void => {
    packed.set(page, 'packing');
    zlib.brotliCompress(document, { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 10 } }, (error, bytes) => {
      if (error) packed.delete(page);
      else packed.set(page, bytes);
    });
  };
  const rendersDataPages = manifest !== null && (manifest.dataPages ?? []).length > 0 && fs.existsSync(renderBundle);
  /** Started once the server listens (nothing is left to fail then, so no worker is left behind). */
  let renderer: RenderPool | null = null;
  const renderDataPage = async (url: string, pattern: string, address: string, signal: AbortSignal): Promise<{ status: number; document: string; brotli?: Buffer }> => {
    if (!renderer) throw new Error('no render bundle');
    const kept = await cache.reusable(url);
    if (kept) reused += 1;
    const page = kept ?? (await renderer.render(url, publicOrigin, address, signal));
    if (!kept) cache.keep(url, page);
    const { apiState, apiStateElementId, status, calls: _calls, ...parts } = page;
    const chunks = manifest?.dataPageChunks[pattern] ?? [];
    const document = pageDocument(shell, { ...parts, chunks, apiState: { state: apiState, elementId: apiStateElementId } });
    const brotli = packed.get(page);
    if (kept && brotli === undefined) pack(page, document);
    return { status, document, brotli: brotli instanceof Buffer ? brotli : undefined };
  };
  /** A student's first screen as they see it: rendered with their session, never kept (decision 0041). */
  const renderStudentPage = async (
    url: string,
    address: string,
    signal: AbortSignal,
    student: { session: string; compact: boolean },
  ): Promise<{ status: number; document: string }> => {
    if (!renderer) throw new Error('no render bundle');
    const { apiState, apiStateElementId, status, calls, studentId, ...parts } = await renderer.render(url, publicOrigin, address, signal, student);
    if (studentId === undefined) throw new Error(`${url}: the render named no student`);
    const reads = [...new Set(calls.filter((call) => call.status === 200).map((call) => call.path))];
    const chunks = manifest?.studentPageChunks ?? [];
    return {
      status,
      document: pageDocument(shell, { ...parts, chunks, apiState: { state: apiState, elementId: apiStateElementId }, student: { id: studentId, compact: student.compact, reads } }),
    };
  };
  /** Set once the server listens (the default needs its port); no page is rendered before. */
  let publicOrigin = configuredOrigin ?? '';
  const app = Fastify({ logger: false, forceCloseConnections: true, trustProxy });

  /** The provider's answer to one request, from the instance whose turn it is; see `ProviderInstances`. */
  const forward = (request: FastifyRequest, reply: FastifyReply, dest: string, replyOptions: ReplyOptions, upstream: string, tried: number): void => {
    reply.from(dest, {
      ...replyOptions,
      getUpstream: () => upstream,
      onError: (failed, { error }) => {
        // Refused: the request never reached that instance. A GET or HEAD goes to the next; any
        // other request gets the 502 (a body already read cannot be sent again, and a write
        // must not be repeated).
        if (tried < providers.addresses.length && (request.method === 'GET' || request.method === 'HEAD') && connectionRefused(error)) {
          forward(request, reply, dest, replyOptions, providers.next(), tried + 1);
          return;
        }
        const status = (error as { statusCode?: number }).statusCode ?? 502;
        void failed
          .code(status >= 500 && status !== 504 ? 502 : status)
          .type('text/plain; charset=utf-8')
          .send(`Bad gateway: the provider at ${upstream} did not answer (${error.message}).`);
      },
    });
  };
  for (const prefix of ['/api', '/media']) {
    await app.register(fastifyHttpProxy, {
      // No fixed upstream: with one, @fastify/reply-from would send every request to it.
      upstream: '',
      prefix,
      rewritePrefix: prefix,
      handler: (request, reply, dest, replyOptions) => forward(request, reply, dest, replyOptions, replyOptions.getUpstream?.(request, '') ?? providers.next(), 1),
      replyOptions: {
        // The instance whose turn it is; the plugin checks that the path stays on it.
        getUpstream: () => providers.next(),
        // Keep the Host the browser addressed (the provider checks Origin against it, as behind a
        // real reverse proxy configured with `proxy_set_header Host $host`), and say who asked.
        rewriteRequestHeaders: (request, headers) => ({
          ...headers,
          host: request.headers.host ?? headers.host,
          // The peer's address (or the client a trusted proxy names), set rather than added to: an X-Forwarded-For the client wrote
          // would otherwise let it choose the address the provider's limits count.
          'x-forwarded-for': request.ip,
          'x-forwarded-host': request.headers.host ?? '',
          'x-forwarded-proto': 'http',
        }),
      },
    });
  }

  // The site, in a context of its own: the provider compresses its answers itself.
  await app.register(async (site) => {
    // Compresses what has no copy of its own (the rendered pages, the plain-text errors below);
    // files with a brotli or gzip copy are sent as that copy. Brotli at quality 6, not the plugin's
    // 4: a rendered list page (126 KB) is 13.9 KB instead of 15.9 KB, for 2.2 ms instead of 1.7, and
    // so fits the first round trip of a new connection (about 14 KB), which paints it 150 ms sooner
    // on a phone's network.
    await site.register(fastifyCompress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: 0,
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } },
    });
    await site.register(fastifyStatic, {
      root: distDir,
      preCompressed: true,
      index: false,
      redirect: false,
      dotfiles: 'deny',
      // A folder of the build (`/`, `/pages/`) is no file: its path goes to the handler below (the
      // plugin would answer 403 when the request names no encoding of its own, as curl does).
      allowedPath: (pathname) => !pathname.endsWith('/'),
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('Cache-Control', cacheControlOf(file));
        reply.header('X-Content-Type-Options', 'nosniff');
      },
    });
    site.setNotFoundHandler(async (request, reply) => {
      const pathname = decodePath(request.url.split('?')[0] ?? '/');
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.code(405).header('Allow', 'GET, HEAD').type('text/plain; charset=utf-8').send('Method not allowed');
      }
      if (pathname === null || (path.posix.extname(pathname) !== '' && !(request.headers.accept ?? '').includes('text/html'))) {
        return reply.code(404).header('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send('Not found');
      }
      const page = manifest?.pages[pathname] ?? manifest?.pages[pathname.replace(/\/+$/, '') || '/'];
      const dataPage = renderer ? manifest?.dataPages.find((pattern) => matchPath({ path: pattern, end: true }, pathname)) : undefined;
      if (page && dataPage === undefined) return reply.sendFile(page);
      if (manifest && !manifest.routes.some((pattern) => matchPath({ path: pattern, end: true }, pathname))) {
        return reply.code(404).sendFile(manifest.notFound);
      }
      const session = studentSessionOf(request.headers.cookie);
      if (renderer && session && manifest?.studentPages?.some((pattern) => matchPath({ path: pattern, end: true }, pathname))) {
        const left = new AbortController();
        reply.raw.once('close', () => left.abort());
        const compact = compactLayoutOf(request.headers.cookie, request.headers['user-agent']);
        const rendered = await renderStudentPage(request.url, networkOf(request.ip), left.signal, { session, compact }).catch(() => null);
        // The student's own page: never kept by a cache, and not sent for another cookie.
        reply.header('Cache-Control', 'private, no-store').header('Vary', 'Cookie');
        if (rendered !== null) {
          return reply.code(rendered.status).header('X-Content-Type-Options', 'nosniff').type('text/html; charset=utf-8').send(rendered.document);
        }
        return reply.sendFile('index.html');
      }
      if (dataPage !== undefined) {
        // A visitor who leaves while the page waits for a worker takes it out of the queue.
        const left = new AbortController();
        reply.raw.once('close', () => left.abort());
        // The visitor's address (from the trusted proxy's X-Forwarded-For), an IPv6 one by its /64.
        const rendered = await renderDataPage(request.url, dataPage, networkOf(request.ip), left.signal).catch(() => null);
        if (rendered !== null) {
          reply.code(rendered.status).header('Cache-Control', 'no-cache').header('X-Content-Type-Options', 'nosniff').type('text/html; charset=utf-8');
          if (rendered.brotli && acceptsBrotli(request.headers['accept-encoding'])) {
            return reply.header('Content-Encoding', 'br').header('Vary', 'Accept-Encoding').send(rendered.brotli);
          }
          return reply.send(rendered.document);
        }
        // Its prerendered page when it has one (the home page, with its data's skeletons).
        if (page) return reply.sendFile(page);
      }
      // History fallback: every other route of the app gets the shell.
      return reply.sendFile('index.html');
    });
  });

  // The lesson rooms' signalling WebSockets go to the provider as the rest of /api/ does.
  passUpgradesThrough(app.server, () => providers.next());
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The server has no TCP address');
  const bracketed = (name: string) => (name.includes(':') ? `[${name}]` : name);
  publicOrigin = configuredOrigin ?? `http://${bracketed(host)}:${address.port}`;
  if (rendersDataPages) {
    renderer = new RenderPool({
      script: path.join(__dirname, 'renderWorker.cjs'),
      workerData: { renderBundle, providerUrls: providers.addresses, callTimeoutMs },
      env: { ...process.env, NODE_ENV: 'production' },
      workers,
      queueLimit,
      timeoutMs,
      restartsPerMinute,
    });
  }
  return {
    url: `http://${bracketed(address.address)}:${address.port}`,
    publicOrigin,
    renderStats: () => (renderer ? { ...renderer.stats(), reused } : null),
    close: async () => {
      await app.close();
      await renderer?.close();
    },
  };
}

/** Whether an Accept-Encoding header takes brotli (`br`, with no `q=0`). */
export function acceptsBrotli(header: string | undefined): boolean {
  return (header ?? '').split(',').some((entry) => {
    const [coding = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const quality = params.find((param) => param.startsWith('q='));
    return coding === 'br' && (quality === undefined || Number(quality.slice(2)) > 0);
  });
}

/**
 * The value of the `student_session` cookie in a request's Cookie header, when it looks like one
 * (the provider's tokens are base64url): the only cookie the render server passes on, and only to
 * the provider (decision 0041).
 */
export function studentSessionOf(cookieHeader: string | undefined): string | null {
  const value = /(?:^|;\s*)student_session=([^;]*)/.exec(cookieHeader ?? '')?.[1]?.trim() ?? '';
  return /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : null;
}

/**
 * Whether a student's page is laid out for a narrow window: as the app last said in its cookie
 * (COMPACT_LAYOUT_COOKIE, written by the areas' frame), else as a phone's browser is likely to be.
 */
export function compactLayoutOf(cookieHeader: string | undefined, userAgent: string | undefined): boolean {
  const said = new RegExp(`(?:^|;\\s*)${COMPACT_LAYOUT_COOKIE}=([01])(?:;|$)`).exec(cookieHeader ?? '')?.[1];
  return said === undefined ? /Mobi|Android|iPhone/.test(userAgent ?? '') : said === '1';
}

/**
 * PROVIDER_URL / providerUrl: the provider's address, or several instances' separated by commas
 * (or as a list); each an http(s) URL, or an error naming the setting.
 */
export function providerAddresses(value: string | readonly string[]): string[] {
  const addresses = (typeof value === 'string' ? value.split(',') : value).map((address) => address.trim()).filter((address) => address !== '');
  if (addresses.length === 0) throw new Error('PROVIDER_URL (providerUrl) names no provider: give its address, e.g. http://127.0.0.1:8000, or several separated by commas.');
  for (const address of addresses) {
    let url: URL | null = null;
    try {
      url = new URL(address);
    } catch {
      url = null;
    }
    if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new Error(`PROVIDER_URL (providerUrl) takes http:// or https:// addresses separated by commas, not "${address}".`);
    }
  }
  return addresses;
}

/**
 * The provider's instances, each request to the next in turn (round-robin). No instance is set
 * aside when it fails: one that refuses connections costs a GET a second connection attempt (on
 * loopback, well under a millisecond), and it takes requests again as soon as it is back.
 */
export class ProviderInstances {
  private turn = 0;

  constructor(readonly addresses: readonly string[]) {}

  /** The instance whose turn it is. */
  next(): string {
    const address = this.addresses[this.turn] as string;
    this.turn = (this.turn + 1) % this.addresses.length;
    return address;
  }

  /** A request to the instance whose turn it is; a GET or HEAD it refuses goes to the next, each tried once. */
  async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const method = (init.method ?? 'GET').toUpperCase();
    for (let tried = 1; ; tried += 1) {
      try {
        return await fetch(new URL(pathname, this.next()), init);
      } catch (error) {
        if (tried >= this.addresses.length || (method !== 'GET' && method !== 'HEAD') || !connectionRefused(error)) throw error;
      }
    }
  }
}

/** Whether a request failed because its connection was refused (nothing listens there): it never reached the instance. */
export function connectionRefused(error: unknown): boolean {
  let cause: unknown = error;
  for (let depth = 0; depth < 5 && typeof cause === 'object' && cause !== null; depth += 1) {
    if ((cause as { code?: unknown }).code === 'ECONNREFUSED') return true;
    // Node tries each address of a name (localhost: ::1, then 127.0.0.1) and fails with all of them.
    const each = (cause as { errors?: unknown }).errors;
    if (Array.isArray(each) && each.length > 0 && each.every(connectionRefused)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** A count option: an integer from `least`, or an error naming the setting. */
function checkCount(setting: string, value: number, least: number): void {
  if (!Number.isInteger(value) || value < least) throw new Error(`${setting} must be a whole number from ${least}, not ${value}.`);
}

/** An optional count from the environment: undefined when unset, NaN (refused by checkCount) when not a number. */
function countFromEnv(value: string | undefined): number | undefined {
  return value === undefined || value.trim() === '' ? undefined : /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
}

/** Whether `host` (an interface to listen on) is this machine only. */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || name === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** PUBLIC_ORIGIN as an origin (`https://academy.example`), or an error naming the setting. */
function originOf(value: string): string {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '' || url.pathname !== '/') {
    throw new Error(`PUBLIC_ORIGIN (publicOrigin) must be an origin such as https://academy.example (scheme, host and port only), not "${value}".`);
  }
  return url.origin;
}

function decodePath(pathname: string): string | null {
  try {
    const decoded = decodeURIComponent(pathname);
    return decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const distDir = process.env.DIST_DIR ?? path.resolve(__dirname, '..', 'dist');
  const providerUrl = process.env.PROVIDER_URL || 'http://127.0.0.1:8000';
  const server = await startDistServer({
    distDir,
    providerUrl,
    port: Number(process.env.PORT ?? 8080),
    host: process.env.HOST ?? '127.0.0.1',
    publicOrigin: process.env.PUBLIC_ORIGIN,
    renderBundle: process.env.RENDER_BUNDLE || undefined,
    renderWorkers: countFromEnv(process.env.RENDER_WORKERS),
    renderQueue: countFromEnv(process.env.RENDER_QUEUE),
    renderTimeoutMs: countFromEnv(process.env.RENDER_TIMEOUT_MS),
    renderRestartsPerMinute: countFromEnv(process.env.RENDER_RESTARTS_PER_MINUTE),
    trustProxy: process.env.RENDER_TRUST_PROXY,
    renderCacheEntries: countFromEnv(process.env.RENDER_CACHE_ENTRIES),
    renderCacheSeconds: countFromEnv(process.env.RENDER_CACHE_SECONDS),
  });
  const instances = providerAddresses(providerUrl);
  const proxied = instances.length === 1 ? `proxied to ${instances[0]}` : `proxied to ${instances.join(', ')} in turn`;
  console.info(`Serving ${distDir} at ${server.url} as ${server.publicOrigin} (/api and /media ${proxied})`);
  const stop = () => {
    const stats = server.renderStats();
    if (stats) console.info(`Data pages: ${JSON.stringify(stats)}`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
