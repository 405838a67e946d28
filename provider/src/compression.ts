import fastifyCompress from '@fastify/compress';
import { type FastifyInstance } from 'fastify';

/**
 * Compresses answers by `Accept-Encoding` (brotli, then gzip) with @fastify/compress: JSON,
 * HTML and SVG of 1 KB or more. Range answers (206) and types that are compressed already
 * (PNG, JPEG, video) go out as they are. Brotli runs at quality 4, fast enough per request.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
}
