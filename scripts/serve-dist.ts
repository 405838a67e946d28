/**
 * Serves the production build (`dist/`) as a single-page app and proxies `/api` and
 * `/media` to the provider, so the app and the provider share one origin (cookies,
 * XSRF token and checkout redirects work as they do behind a real reverse proxy).
 *
 * CLI: `PORT=8080 PROVIDER_URL=http://127.0.0.1:8000 tsx scripts/serve-dist.ts`
 * (DIST_DIR overrides the folder, default `<repo>/dist`).
 */
import fs from 'node:fs';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream';

export interface DistServerOptions {
  /** Folder of the production build; must hold index.html. */
  distDir: string;
  /** Base URL of the provider, e.g. `http://127.0.0.1:8000`. */
  providerUrl: string;
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on, default 127.0.0.1. */
  host?: string;
}

export interface DistServer {
  /** Origin of the running server, e.g. `http://127.0.0.1:41234`. */
  url: string;
  close: () => Promise<void>;
}

const proxiedPrefixes = ['/api', '/media'];

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
};

/** Headers that describe one connection, not the message: never forwarded by a proxy. */
const hopByHopHeaders = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** webpack's `[contenthash:10]` names: safe to cache for a year. */
const hashedAsset = /\.[0-9a-f]{8,}(\.chunk)?\.[a-z0-9]+$/;

/** Starts the server; resolves once it listens. */
export async function startDistServer(options: DistServerOptions): Promise<DistServer> {
  const distDir = path.resolve(options.distDir);
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    throw new Error(`No production build at ${distDir} (index.html missing): run \`npm run build\` first.`);
  }
  const provider = new URL(options.providerUrl);
  const agent = new http.Agent({ keepAlive: true });

  const server = http.createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?')[0] ?? '/';
    if (proxiedPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) {
      proxy(request, response, provider, agent);
    } else {
      serveStatic(request, response, pathname, distDir, indexFile);
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;

  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}

function proxy(request: http.IncomingMessage, response: http.ServerResponse, provider: URL, agent: http.Agent): void {
  const headers = withoutHopByHop(request.headers);
  const remote = request.socket.remoteAddress ?? '';
  headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${String(headers['x-forwarded-for'])}, ${remote}` : remote;
  headers['x-forwarded-host'] = request.headers.host ?? '';
  headers['x-forwarded-proto'] = 'http';

  const upstream = http.request(
    {
      protocol: provider.protocol,
      hostname: provider.hostname,
      port: provider.port,
      method: request.method,
      path: request.url,
      headers,
      agent,
    },
    (answer) => {
      // Status, Location, Set-Cookie (an array), Content-Range... go back untouched.
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, withoutHopByHop(answer.headers));
      pipeline(answer, response, () => undefined);
    },
  );
  upstream.on('error', (error) => {
    if (response.headersSent) {
      response.destroy(error);
      return;
    }
    response.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end(`Bad gateway: the provider at ${provider.origin} did not answer (${error.message}).`);
  });
  response.on('close', () => {
    if (!response.writableFinished) upstream.destroy();
  });
  pipeline(request, upstream, () => undefined);
}

function withoutHopByHop(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const listedInConnection = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name, value]) => value !== undefined && !hopByHopHeaders.has(name) && !listedInConnection.includes(name),
    ),
  );
}

function serveStatic(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  pathname: string,
  distDir: string,
  indexFile: string,
): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Method not allowed');
    return;
  }
  const file = fileInDist(pathname, distDir);
  if (file) {
    sendFile(request, response, file, cacheControlOf(file, distDir));
  } else if (path.extname(pathname) === '' || (request.headers.accept ?? '').includes('text/html')) {
    // History fallback: every client-side route gets the app shell.
    sendFile(request, response, indexFile, 'no-cache');
  } else {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    response.end('Not found');
  }
}

/** The regular file under distDir the path names, or null (missing, a folder, or outside distDir). */
function fileInDist(pathname: string, distDir: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(distDir, `.${path.posix.normalize(decoded)}`);
  if (!file.startsWith(distDir + path.sep)) return null;
  try {
    return fs.statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

function cacheControlOf(file: string, distDir: string): string {
  if (path.basename(file) === 'index.html') return 'no-cache';
  if (hashedAsset.test(path.relative(distDir, file))) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

function sendFile(request: http.IncomingMessage, response: http.ServerResponse, file: string, cacheControl: string): void {
  const stat = fs.statSync(file);
  response.writeHead(200, {
    'Content-Type': contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': stat.size,
    'Cache-Control': cacheControl,
    'Last-Modified': stat.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  pipeline(fs.createReadStream(file), response, () => undefined);
}

async function main(): Promise<void> {
  const distDir = process.env.DIST_DIR ?? path.resolve(__dirname, '..', 'dist');
  const providerUrl = process.env.PROVIDER_URL ?? 'http://127.0.0.1:8000';
  const server = await startDistServer({
    distDir,
    providerUrl,
    port: Number(process.env.PORT ?? 8080),
    host: process.env.HOST ?? '127.0.0.1',
  });
  console.info(`Serving ${distDir} at ${server.url} (/api and /media proxied to ${providerUrl})`);
  const stop = () => {
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
