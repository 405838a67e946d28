import { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/** An error answered as `{ msg }` with its status code (plus `extra` fields, e.g. `bool: false`, and `headers`). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (msg: string, extra?: Record<string, unknown>) => new HttpError(400, msg, extra);
export const notFound = (msg: string) => new HttpError(404, msg);

export const messages = {
  routeNotFound: 'Route not found.',
  forbidden: 'You are not allowed to access this data.',
  xsrf: 'Missing or invalid XSRF token.',
  crossOrigin: 'Requests from another site are not accepted (Origin or Sec-Fetch-Site).',
  internal: 'Something went wrong on the provider.',
} as const;

/** Errors Fastify or its plugins raise for bad input, answered as 400 whatever their own code. */
const clientErrorCodes = new Set([
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_PROTO_VIOLATION',
]);

/** Errors Fastify raises before routing (e.g. a malformed URL), answered as `{ msg }` too. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  reply.code(error.statusCode && error.statusCode < 500 ? error.statusCode : 400).send({ msg: error.message });
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const extra = request.routeOptions.config?.answersBool ? { bool: false } : {};
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ ...extra, ...error.extra, msg: error.message });
    }
    if (error.validation) {
      return reply.code(400).send({ ...extra, msg: `Invalid request: ${error.message}.` });
    }
    // Too large a body, file or number of parts is the client's mistake like any other: 400 {msg}.
    if (error.statusCode === 413) {
      const msg =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'The request body is too large.' : 'The upload is too large.';
      return reply.code(400).send({ ...extra, msg });
    }
    const status = error.statusCode ?? 500;
    if (clientErrorCodes.has(error.code) || (status >= 400 && status < 500)) {
      return reply.code(status === 415 || status === 406 ? 400 : status).send({ ...extra, msg: error.message });
    }
    request.log.error(error);
    return reply.code(500).send({ msg: messages.internal });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ msg: `${messages.routeNotFound} ${request.method} ${request.url.split('?')[0]}` });
  });
}
