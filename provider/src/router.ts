import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, type preValidationHookHandler } from 'fastify';
import { type Sessions } from './auth';
import { HttpError, badRequest } from './errors';
import { fieldWords } from './fieldLabels';
import { type MediaStore, type UploadedFile, uploadTargets } from './media';
import { type UploadSlots } from './uploadSlots';
import {
  type SessionRole,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  inlineRefs,
  isFileSchema,
  listOperations,
  mediaTypes,
  objectProperties,
  resolvePointer,
  toRoutePath,
} from './spec';

export const apiBase = '/api';

export type ApiRequest = FastifyRequest<{
  Params: Record<string, unknown>;
  Querystring: Record<string, unknown>;
  Body: Record<string, unknown>;
}>;

export type Handler = ((request: ApiRequest, reply: FastifyReply) => Promise<unknown>) & {
  /** What an upload's handler checks before its body is read (after the session check): see `checkingBeforeBody`. */
  beforeBody?: (request: ApiRequest) => Promise<void>;
  /** The body arrives as the bytes sent, for the handler to check their signature: see `signedBody`. */
  signedBody?: boolean;
};

/**
 * `handler` receives its body as the bytes sent (a Buffer, whatever the content type, in a scope
 * of its own: no other route's parsing changes), unvalidated, and without the XSRF check: a
 * caller that is not a browser (Stripe's webhook) proves itself by a signature of those bytes,
 * which the handler checks.
 */
export function signedBody(handler: Handler): Handler {
  return Object.assign(handler, { signedBody: true });
}

/**
 * `handler`, with `check` run before the request's body is read (after the session check, before
 * an upload slot is taken): a caller refused on the address alone sends no file to the disk.
 */
export function checkingBeforeBody(handler: Handler, check: (request: ApiRequest) => Promise<void>): Handler {
  return Object.assign(handler, { beforeBody: check });
}
/** Handlers by operationId. */
export type Handlers = Record<string, Handler>;

declare module 'fastify' {
  interface FastifyContextConfig {
    operationId?: string;
    /** The success answer carries `bool`: error answers then carry `bool: false` too. */
    answersBool?: boolean;
    /** The spec lists a 304 answer: the 200 carries a weak ETag and If-None-Match is honoured (conditional.ts). */
    conditional?: boolean;
  }
}

/** The longest text field value a multipart body may carry, in bytes (UTF-8 of the longest `maxLength`). */
const multipartFieldBytes = 64 * 1024;
/** Room for a multipart body's text fields and part headers, on top of its files' limits. */
const multipartTextAllowance = 1024 * 1024;

/** What a multipart file field holds once streamed to disk, as validated by the route's body schema. */
const uploadedFileSchema: JsonSchema = {
  type: 'object',
  required: ['fieldname', 'filename', 'path', 'size'],
  properties: {
    fieldname: { type: 'string' },
    filename: { type: 'string' },
    mimetype: { type: 'string' },
    path: { type: 'string' },
    size: { type: 'integer' },
  },
};

/** The services the routes need before a handler runs. */
export interface RouteServices {
  media: MediaStore;
  sessions: Pick<Sessions, 'require' | 'userId'>;
  /** The uploads in flight per client address (uploadSlots.ts). */
  uploadSlots: UploadSlots;
}

/**
 * The files of one request's multipart body in `tmp/`: each with the promise of its write stream's
 * close (a file may be removed only then: an open still under way would create it again), and
 * whether the handler is running (it may be keeping them: it removes the rest when it ends).
 */
interface RequestUploads {
  files: UploadedFile[];
  written: Promise<unknown>[];
  handling: boolean;
}

/**
 * Registers one route per operation of the spec, under /api, with its params, querystring
 * and body schemas taken from the operation. Fails when an operation has no handler or a
 * handler no operation. An upload (a body with file fields) is refused 401 before its body is
 * read when the caller holds none of the sessions its security alternatives require, and 429
 * when the caller's address has `concurrentUploadsPerAddress` uploads in flight, so neither
 * reaches the disk. Its files leave `tmp/` when the handler ends, the answer is sent, the body
 * fails, or the connection drops, whichever comes first.
 */
export function registerOperations(
  app: FastifyInstance,
  document: OpenApiDocument,
  handlers: Handlers,
  { media, sessions, uploadSlots }: RouteServices,
): Operation[] {
  const operations = listOperations(document);
  const missing = operations.filter((operation) => !handlers[operation.operationId]);
  if (missing.length) {
    throw new Error(`No handler for operation(s): ${missing.map((operation) => operation.operationId).join(', ')}`);
  }
  const known = new Set(operations.map((operation) => operation.operationId));
  const unused = Object.keys(handlers).filter((operationId) => !known.has(operationId));
  if (unused.length) throw new Error(`Handler(s) for operations not in the spec: ${unused.join(', ')}`);

  // Files of multipart bodies leave the upload folder once answered, unless a handler kept them;
  // a connection that drops before the answer (mid-body, or while the handler runs) never gets
  // one, so its files go when it closes (or, when the handler is running, once it ends).
  const uploads = new WeakMap<FastifyRequest, RequestUploads>();
  const discardUploads = (request: FastifyRequest) => discardFiles(media, uploads.get(request));
  app.addHook('onResponse', async (request) => discardUploads(request));

  for (const operation of operations) {
    const handler = handlers[operation.operationId] as Handler;
    if (handler.signedBody) {
      registerSignedBodyRoute(app, operation, handler);
      continue;
    }
    const { bodySchema, fileFields } = requestBodySchema(document, operation);
    app.route({
      method: operation.method.toUpperCase() as Uppercase<typeof operation.method>,
      url: toRoutePath(apiBase, operation.path),
      config: {
        operationId: operation.operationId,
        answersBool: answersBool(document, operation),
        conditional: '304' in operation.responses,
      },
      schema: {
        params: parametersSchema(document, operation.pathParameters),
        ...(operation.queryParameters.length && {
          querystring: parametersSchema(document, operation.queryParameters),
        }),
        ...(bodySchema && { body: bodySchema }),
      },
      preValidation: [
        ...(fileFields.length > 0 && operation.sessionAlternatives
          ? [requireSessionFirst(sessions, operation.sessionAlternatives)]
          : []),
        ...(handler.beforeBody ? [(async (request) => handler.beforeBody?.(request as ApiRequest)) satisfies preValidationHookHandler] : []),
        ...(fileFields.length > 0
          ? [
              (async (request, reply) => {
                await uploadSlots.take(request, reply);
                reply.raw.once('close', () => {
                  if (!reply.raw.writableFinished && !uploads.get(request)?.handling) void discardUploads(request);
                });
              }) satisfies preValidationHookHandler,
            ]
          : []),
        ...(operation.body && bodySchema ? [checkBody(operation, bodySchema, { fileFields, media, uploads })] : []),
      ],
      handler: fileFields.length
        ? async (request, reply) => {
            const files = uploads.get(request);
            if (files) files.handling = true;
            try {
              return await handler(request as ApiRequest, reply);
            } finally {
              if (files) files.handling = false;
              await discardUploads(request);
            }
          }
        : (request, reply) => handler(request as ApiRequest, reply),
    });
  }
  return operations;
}

/** A `signedBody` operation's route, in a scope whose one body parser keeps the bytes. */
function registerSignedBodyRoute(app: FastifyInstance, operation: Operation, handler: Handler): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    scope.route({
      method: operation.method.toUpperCase() as Uppercase<typeof operation.method>,
      url: toRoutePath(apiBase, operation.path),
      config: { operationId: operation.operationId, xsrf: 'signature' },
      handler: (request, reply) => handler(request as ApiRequest, reply),
    });
  });
}

function parametersSchema(document: OpenApiDocument, parameters: Parameter[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(
      parameters.map((parameter) => [parameter.name, inlineRefs(document, parameter.schema ?? { type: 'string' })]),
    ),
    required: parameters.filter((parameter) => parameter.in === 'path' || parameter.required).map(({ name }) => name),
  };
}

function requestBodySchema(
  document: OpenApiDocument,
  operation: Operation,
): { bodySchema?: JsonSchema; fileFields: string[] } {
  if (!operation.body) return { fileFields: [] };
  const schema = inlineRefs(document, operation.body.schema);
  if (operation.body.encoding !== 'multipart') return { bodySchema: schema, fileFields: [] };
  const fileFields = Object.entries(objectProperties(schema))
    .filter(([, property]) => isFileSchema(property))
    .map(([name]) => name);
  for (const name of fileFields) {
    if (!uploadTargets[name]) throw new Error(`${operation.operationId}: no upload target for file field "${name}"`);
  }
  return { bodySchema: withFileFields(schema, new Set(fileFields)), fileFields };
}

/** The multipart schema with file fields described as the uploaded-file objects the parser produces. */
function withFileFields(schema: JsonSchema, fileFields: Set<string>): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  return {
    ...schema,
    ...(properties && {
      properties: Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [
          name,
          fileFields.has(name) ? uploadedFileSchema : property,
        ]),
      ),
    }),
    ...(Array.isArray(schema.allOf) && {
      allOf: (schema.allOf as JsonSchema[]).map((part) => withFileFields(part, fileFields)),
    }),
  };
}

function answersBool(document: OpenApiDocument, operation: Operation): boolean {
  const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))?.[1];
  if (!success) return false;
  const schema = typeof success.$ref === 'string' ? (resolvePointer(document, success.$ref) as JsonSchema) : success;
  return 'bool' in objectProperties(schema);
}

/**
 * Answers 401 before the body is read unless the caller holds every session of one of the
 * operation's security alternatives (either side's, for a conversation's voice note); the
 * handler still checks ownership once it has the fields.
 */
function requireSessionFirst(sessions: RouteServices['sessions'], alternatives: SessionRole[][]): preValidationHookHandler {
  const [only] = alternatives;
  return async (request) => {
    if (alternatives.length === 1 && only?.length === 1) {
      await sessions.require(request, only[0] as SessionRole);
      return;
    }
    const callers = { student: await sessions.userId(request, 'student'), teacher: await sessions.userId(request, 'teacher') };
    const held = alternatives.some((roles) => roles.every((role) => callers[role] !== null));
    if (!held) throw new HttpError(401, 'Please log in.');
  };
}

/** Removes a request's files from `tmp/` once their write streams have closed (each file once). */
async function discardFiles(media: MediaStore, uploads: RequestUploads | undefined): Promise<void> {
  if (!uploads) return;
  const files = uploads.files.splice(0);
  await Promise.all(uploads.written.splice(0));
  media.discard(files);
}

interface MultipartContext {
  fileFields: string[];
  media: MediaStore;
  uploads: WeakMap<FastifyRequest, RequestUploads>;
}

const bodyTooLarge = () => badRequest('The request body is too large.');

/**
 * Checks the request uses the operation's encoding, reads multipart bodies (files to disk),
 * and treats empty form values of non-text fields as omitted (an empty price means "free").
 */
function checkBody(
  operation: Operation,
  bodySchema: JsonSchema,
  multipart: MultipartContext,
): preValidationHookHandler {
  const body = operation.body as NonNullable<Operation['body']>;
  const expected = mediaTypes[body.encoding];
  const nonTextFields = Object.entries(objectProperties(bodySchema))
    .filter(([, property]) => property.type !== 'string')
    .map(([name]) => name);
  return async (request) => {
    const contentType = request.headers['content-type']?.toLowerCase() ?? '';
    if (!contentType && !body.required) {
      request.body = {};
      return;
    }
    if (!contentType.startsWith(expected)) throw badRequest(`This operation expects a ${expected} body.`);
    if (body.encoding === 'multipart') {
      // The whole body is capped: its files' limits plus room for the text fields. A larger
      // declared length is refused before a byte is read; a body sent without one is cut there.
      const cap =
        multipart.fileFields.reduce((sum, name) => sum + multipart.media.limitFor(name), 0) + multipartTextAllowance;
      if (Number(request.headers['content-length'] ?? 0) > cap) throw bodyTooLarge();
      request.body = await readMultipart(request, multipart, cap).catch(async (error: unknown) => {
        // A refused or cut-off body (the client gone, a limit passed): its files go now.
        await discardFiles(multipart.media, multipart.uploads.get(request));
        return asClientError(error as Parameters<typeof asClientError>[0]);
      });
    }
    if (body.encoding !== 'json' && request.body && typeof request.body === 'object') {
      const fields = request.body as Record<string, unknown>;
      for (const name of nonTextFields) if (fields[name] === '') delete fields[name];
    }
  };
}

/** Parser failures (bad boundary, truncated parts, limits) are the client's: 400, unless already an HTTP error. */
function asClientError(error: { statusCode?: number; message?: string; code?: string }): never {
  if (error.code === 'FST_FILES_LIMIT') throw badRequest('Send one file in each file field.');
  if (error.code === 'FST_PARTS_LIMIT' || error.code === 'FST_FIELDS_LIMIT') {
    throw badRequest('The request body has too many fields.');
  }
  if (error instanceof HttpError || (error.statusCode && error.statusCode < 500)) throw error;
  throw badRequest(`Invalid multipart body: ${error.message ?? 'unreadable'}.`);
}

/**
 * Reads a multipart body: text fields into strings, each file streamed to `tmp/` once its part
 * has passed the checks (a declared file field, its first file, within the count of file
 * fields). At most `cap` bytes are read: past it the parser is stopped with a 400.
 */
async function readMultipart(
  request: FastifyRequest,
  { fileFields, media, uploads }: MultipartContext,
  cap: number,
): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  const files: RequestUploads = { files: [], written: [], handling: false };
  uploads.set(request, files);
  const fileSizeLimit = Math.max(0, ...fileFields.map((name) => media.limitFor(name)));
  const parts = request.parts({
    limits: { fileSize: fileSizeLimit, files: fileFields.length, fieldSize: multipartFieldBytes, parts: 100 },
  });
  // Counted beside the parser, which the first step of the loop below pipes the body into (in
  // this same tick, so no chunk flows before it listens); an error on the request stops it.
  let received = 0;
  const countBytes = (chunk: Buffer) => {
    received += chunk.length;
    if (received > cap) {
      request.raw.off('data', countBytes);
      request.raw.emit('error', bodyTooLarge());
    }
  };
  request.raw.on('data', countBytes);
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.valueTruncated) throw badRequest(`The ${fieldWords(part.fieldname) ?? 'text'} is too long.`);
      const previous = fields[part.fieldname];
      const value = String(part.value);
      fields[part.fieldname] =
        previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
      continue;
    }
    if (!fileFields.includes(part.fieldname)) {
      part.file.resume();
      throw badRequest('The form sent a file it does not take.');
    }
    if (!part.filename) {
      // An empty file input: the browser sends a nameless, empty part.
      part.file.resume();
      continue;
    }
    if (fields[part.fieldname] !== undefined) {
      part.file.resume();
      throw badRequest('Send one file in each file field.');
    }
    const upload: UploadedFile = {
      fieldname: part.fieldname,
      filename: part.filename,
      mimetype: part.mimetype,
      path: media.tmpPath(),
      size: 0,
    };
    const target = fs.createWriteStream(upload.path);
    files.files.push(upload);
    files.written.push(new Promise<void>((resolve) => target.once('close', () => resolve())));
    await pipeline(part.file, target).catch((error: { code?: string }) => {
      // The parser stops a file at the largest limit of the operation's file fields.
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw media.tooLarge(part.fieldname);
      throw error;
    });
    upload.size = (await fs.promises.stat(upload.path)).size;
    if (part.file.truncated || upload.size > media.limitFor(part.fieldname)) throw media.tooLarge(part.fieldname);
    if (upload.size === 0) throw badRequest(`The ${fieldWords(part.fieldname) ?? 'file'} is empty.`);
    fields[part.fieldname] = upload;
  }
  return fields;
}
