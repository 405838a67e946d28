import http from 'node:http';
import { type Duplex } from 'node:stream';

/**
 * Passes WebSocket handshakes under /api/ (the lesson rooms' signalling) through to the provider
 * instance whose turn it is, then the bytes both ways; a refused handshake's answer (401, 409…)
 * goes back as it came. @fastify/http-proxy forwards WebSockets only to one fixed upstream.
 */
export function passUpgradesThrough(server: http.Server, nextProvider: () => string): void {
  server.on('upgrade', (request: http.IncomingMessage, client: Duplex, head: Buffer) => {
    if (!request.url?.startsWith('/api/')) {
      client.destroy();
      return;
    }
    const upstream = new URL(nextProvider());
    const forwarded = http.request({
      host: upstream.hostname,
      port: upstream.port,
      path: request.url,
      method: request.method,
      headers: {
        ...request.headers,
        // As for the other requests: the Host the browser addressed (the provider checks Origin against it), and who asked.
        'x-forwarded-for': request.socket.remoteAddress ?? '',
        'x-forwarded-host': request.headers.host ?? '',
        'x-forwarded-proto': 'http',
      },
    });
    const close = (...sockets: Duplex[]) => () => sockets.forEach((socket) => socket.destroy());
    forwarded.on('upgrade', (response, provider, providerHead) => {
      client.write(`HTTP/1.1 101 Switching Protocols\r\n${headerLines(response.rawHeaders)}\r\n`);
      if (providerHead.length > 0) client.write(providerHead);
      if (head.length > 0) provider.write(head);
      provider.pipe(client).pipe(provider);
      for (const socket of [provider, client]) {
        socket.on('error', close(provider, client));
        socket.on('close', close(provider, client));
      }
    });
    forwarded.on('response', (response) => {
      client.write(`HTTP/1.1 ${response.statusCode ?? 502} ${response.statusMessage ?? ''}\r\n${headerLines(response.rawHeaders)}\r\n`);
      response.pipe(client);
    });
    forwarded.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'));
    client.on('error', () => forwarded.destroy());
    forwarded.end();
  });
}

function headerLines(raw: string[]): string {
  let lines = '';
  for (let index = 0; index + 1 < raw.length; index += 2) lines += `${raw[index]}: ${raw[index + 1]}\r\n`;
  return lines;
}
