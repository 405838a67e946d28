import { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { fieldWords } from './fieldLabels';

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

/**
 * The wording of a unique index that two requests can race for: handlers check first and answer
 * these messages, and SQLite's refusal of the later of two racing inserts gets the same answer.
 */
export const uniqueMessages: Record<string, string> = {
  'students.email': 'An account with this e-mail address already exists.',
  'teachers.email': 'An account with this e-mail address already exists.',
  'students.username': 'This username is already taken.',
  // The partial unique index of a teacher's one free trial lesson type (migration 29).
  'lesson_types.teacher_id': 'A teacher offers at most one free trial lesson.',
};

export const badRequest = (msg: string, extra?: Record<string, unknown>) => new HttpError(400, msg, extra);
export const notFound = (msg: string) => new HttpError(404, msg);

export const messages = {
  routeNotFound: 'Route not found.',
  alreadyExists: 'This already exists.',
  doesNotFit: 'This request does not fit the stored data; please reload and try again.',
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

/**
 * Errors Fastify raises before routing (a malformed URL, a path segment longer than any the spec
 * allows, which Fastify would answer 414), answered as 400 `{ msg }`, as api-spec.yaml lists.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.code(400).send({ msg: 'A part of the address is too long.' });
    return;
  }
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
      return reply.code(400).send({ ...extra, msg: validationMessage(error) });
    }
    // Too large a body, file or number of parts is the client's mistake like any other: 400 {msg}.
    if (error.statusCode === 413) {
      const msg =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'The request body is too large.' : 'The upload is too large.';
      return reply.code(400).send({ ...extra, msg });
    }
    const constraint = constraintMessage(error);
    if (constraint) return reply.code(400).send({ ...extra, msg: constraint });
    const status = error.statusCode ?? 500;
    if (clientErrorCodes.has(error.code) || (status >= 400 && status < 500)) {
      return reply.code(status === 415 || status === 406 ? 400 : status).send({ ...extra, msg: error.message });
    }
    // The stack and what was asked (secrets redacted by the logger, logging.ts), under the request
    // id the answer carries: a user's report of the failure finds its line.
    request.log.error(
      { err: error, request: { method: request.method, url: request.url, headers: request.headers, body: request.body } },
      'Answered 500: unexpected error',
    );
    return reply.code(500).header('X-Request-Id', request.id).send({ msg: messages.internal });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ msg: `${messages.routeNotFound} ${request.method} ${request.url.split('?')[0]}` });
  });
}

/**
 * A constraint failure is the request's: a duplicate that raced past the handler's check (two
 * registrations with one e-mail), a row another request deleted meanwhile. 400, not 500. SQLite
 * names the failure in its code and message; PostgreSQL by its SQLSTATE (class 23), its table and
 * the key in its detail, and says "data exception" (class 22) for a value its column cannot hold.
 */
function constraintMessage(error: { code?: string; message: string; table?: string; detail?: string }): string | null {
  if (typeof error.code !== 'string') return null;
  let unique: string | undefined;
  if (error.code.startsWith('SQLITE_CONSTRAINT')) {
    if (error.code !== 'SQLITE_CONSTRAINT_UNIQUE') return messages.doesNotFit;
    unique = /UNIQUE constraint failed: ([\w.]+)/.exec(error.message)?.[1];
  } else if (/^2[23][0-9A-Z]{3}$/.test(error.code) && 'severity' in error) {
    if (error.code !== '23505') return messages.doesNotFit;
    const column = /^Key \((?:\w+\()?(\w+)\)?\)=/.exec(error.detail ?? '')?.[1];
    unique = error.table && column ? `${error.table}.${column}` : undefined;
  } else {
    return null;
  }
  return (unique && uniqueMessages[unique]) || messages.alreadyExists;
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: { limit?: number; missingProperty?: string; format?: string; pattern?: string };
}

/** The pattern api-spec.yaml gives a text that must not be blank (names, usernames, titles). */
const notBlankPattern = '\\S';

/** What a field must be, said whatever the schema refused (the code: 6 digits, whatever was sent). */
const fieldRules: Record<string, string> = {
  otp_digit: 'The code must be 6 digits.',
  email: 'Please enter a valid e-mail address, like name@example.com.',
};

/**
 * A readable message for the first schema violation, naming the field as the forms label it
 * (fieldLabels.ts), never its name, the schema path or a type: lengths and bounds with their
 * limit, a missing field, else that the field is not valid. A path or query value the app builds
 * itself (an id, a filter) is said to be a bad address or search.
 */
function validationMessage(error: FastifyError): string {
  const [issue] = (error.validation ?? []) as ValidationIssue[];
  if (error.validationContext === 'params') return 'This address is not valid: please check the link.';
  if (error.validationContext === 'querystring') return 'This search or page is not valid: please check the link.';
  const name = issue?.params.missingProperty ?? issue?.instancePath.split('/').filter(Boolean)[0];
  const field = name === undefined ? null : fieldWords(name);
  if (!issue || field === null || name === undefined) return 'The form sent a value that is not valid. Please check it and try again.';
  if (issue.keyword === 'required') return `Please fill in the ${field}.`;
  if (issue.keyword === 'pattern' && issue.params.pattern === notBlankPattern) return `The ${field} must not be empty.`;
  const rule = fieldRules[name];
  if (rule && (name !== 'email' || issue.keyword === 'format')) return rule;
  const limit = issue.params.limit;
  if (typeof limit === 'number') {
    switch (issue.keyword) {
      case 'maxLength':
        return `The ${field} must be at most ${limit} characters long.`;
      case 'minLength':
        return limit === 1 ? `The ${field} must not be empty.` : `The ${field} must be at least ${limit} characters long.`;
      case 'maximum':
        return `The ${field} must be at most ${limit}.`;
      case 'minimum':
        return `The ${field} must be at least ${limit}.`;
    }
  }
  return `The ${field} is not valid. Please check it and try again.`;
}
