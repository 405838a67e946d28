import { answeredStatus } from './answeredStatus';
import { errorMessages, fieldProblemText, tooManyAttemptsText } from './errorMessages';
import { fieldWords } from './fieldWords';

export { errorMessages, tooManyAttemptsText };

/**
 * What a failed call means for the screen:
 * - `network`: no answer reached the browser (offline, provider down, timed out);
 * - `server`: a 5xx, or an answer that is not JSON (an HTML error page: RTK's `PARSING_ERROR`);
 * - `unauthorised` (401), `forbidden` (403), `notFound` (404);
 * - `tooManyRequests` (429): the provider's message and, when it said, how many seconds to wait
 *   (`retry_after` in the body, as api-spec.yaml's `RateLimited` states);
 * - `refused`: any other refusal (a 4xx, or a failure that is not an HTTP answer: `status` null),
 *   with the provider's message and, for a DRF field map, one message per field.
 */
export type ApiFailure =
  | { kind: 'network' }
  | { kind: 'server' }
  | { kind: 'unauthorised' }
  | { kind: 'forbidden'; msg: string | null }
  | { kind: 'notFound'; msg: string | null }
  | { kind: 'tooManyRequests'; msg: string | null; retryAfter: number | null }
  | { kind: 'refused'; status: number | null; msg: string | null; fields: Record<string, string> };

interface BodyMessages {
  msg: string | null;
  fields: Record<string, string>;
  /** What no field holds: the provider's worded `msg` or `detail`, else `non_field_errors`. */
  general: string | null;
}

function nonBlank(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** DRF's list of messages (`["This field may not be blank."]`) as one line, or null. */
function messageList(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const messages = value.map(nonBlank).filter((message) => message !== null);
  return messages.length === 0 ? null : messages.join(' ');
}


/** The words for a field (`full_name` -> 'full name'), or null for a field the app does not know. */
const fieldInWords = (name: string): string | null => (Object.hasOwn(fieldWords, name) ? (fieldWords[name] as string) : null);

/**
 * A field's raw name as code writes it or as a provider spells it out (`otp_digit`, "otp digit"),
 * unless spelt out it is the form's own words ("full name").
 */
const rawFieldName = new RegExp(
  `\\b(?:${Object.entries(fieldWords)
    .filter(([name]) => name.includes('_'))
    .map(([name, words]) => (name.replace(/_/g, ' ') === words ? name : name.replace(/_/g, '[ _]')))
    .join('|')})\\b`,
  'i',
);

/**
 * What marks a message as written for developers rather than users: a raw field name, a
 * snake_case or camelCase word, a schema path, a type name, or DRF's bare "Ensure this value…".
 * E-mail addresses and links are not looked at (a user's own address may hold an underscore).
 */
const codeWords = [
  rawFieldName,
  /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/i,
  /\b[a-z]+[A-Z][A-Za-z0-9]*\b/,
  /(?:^|[\s'"(])(?:body|querystring|params|headers)[/.]|#\/|\/properties\//,
  /\b(?:integer|boolean|string|null|undefined|NaN|float|decimal|datetime|object|array|enum|regex|schema)\b/i,
  /\bEnsure this value\b/i,
];

function soundsLikeCode(message: string): boolean {
  const words = message.replace(/\S+@\S+|\bhttps?:\/\/\S+/g, ' ');
  return codeWords.some((pattern) => pattern.test(words));
}

/**
 * A message as a screen may show it: unchanged when it is in plain words; else said of the field it
 * is about (`field`, or the raw name in it) in the forms' words ('Please check the code.'), or, when
 * it names no field the app knows, in general words.
 */
function inWords(message: string, field: string | null): string {
  if (!soundsLikeCode(message)) return message;
  const named = field ?? rawFieldName.exec(message)?.[0].toLowerCase().replace(/ /g, '_') ?? null;
  const label = named === null ? null : fieldInWords(named);
  return label === null ? errorMessages.unclear : fieldProblemText.invalid(label);
}

/**
 * One line of a summary of field messages: the message, after the field's words when it does not
 * name the field itself ('Full name: This field may not be blank.'); for a field the app does not
 * know, general words (its name is never shown).
 */
function fieldLine(name: string, message: string): string {
  const label = fieldInWords(name);
  if (label === null) return message === errorMessages.unclear ? message : errorMessages.unclear;
  if (message.toLowerCase().includes(label.toLowerCase())) return message;
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}: ${message}`;
}

/**
 * A request schema's own text (Fastify and Ajv: `body/email must match format "email"`, `body must
 * have required property 'full_name'`, `querystring/limit must be integer`, `must NOT have more
 * than 5 characters`), which names a schema path rather than saying what to change.
 */
const schemaText =
  /\b(?:body|querystring|params|headers)(?:\/[\w/-]*)?\s+must\b|\bmust (?:match (?:format|pattern)|have required property|NOT have (?:more|fewer) than|be (?:string|integer|number|boolean|array|object|null|equal to one of)|be [<>]=?)/;

/**
 * A schema message in words: the field it is about (from its path or its required property), or
 * null when it names none, and what to change there (null without a field: the screen's own text).
 */
function schemaProblem(message: string): { field: string; text: string } | { field: null; text: null } | null {
  if (!schemaText.test(message)) return null;
  const required = /must have required property '([\w-]+)'/.exec(message)?.[1];
  const field = required ?? /\b(?:body|querystring|params)\/([\w-]+)/.exec(message)?.[1];
  if (field === undefined) return { field: null, text: null };
  const label = fieldInWords(field);
  if (label === null) return { field, text: errorMessages.unclear };
  const longest = /must NOT have more than (\d+) characters/.exec(message)?.[1];
  const shortest = /must NOT have fewer than (\d+) characters/.exec(message)?.[1];
  let text: string;
  if (required !== undefined) text = fieldProblemText.required(label);
  else if (/must match format "?email"?/.test(message)) text = errorMessages.invalidEmail;
  else if (longest !== undefined) text = fieldProblemText.tooLong(label, Number(longest));
  else if (shortest !== undefined) text = Number(shortest) <= 1 ? fieldProblemText.required(label) : fieldProblemText.tooShort(label, Number(shortest));
  else text = fieldProblemText.invalid(label);
  return { field, text };
}

/**
 * The messages of an answer body: its `msg`, else DRF's `detail`, else DRF's `non_field_errors`
 * and field map (`{ "email": ["This field may not be blank."] }`) as one readable line. A schema
 * message never passes through: it is worded, and goes to the field it names.
 */
function bodyMessages(body: unknown): BodyMessages {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { msg: null, fields: {}, general: null };
  const record = body as Record<string, unknown>;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(record)) {
    const message = name === 'non_field_errors' ? null : messageList(value);
    if (message !== null) fields[name] = inWords(message, name);
  }
  const said = nonBlank(record.msg) ?? nonBlank(record.detail);
  const schema = said === null ? null : schemaProblem(said);
  if (schema?.field != null && fields[schema.field] === undefined) fields[schema.field] = schema.text;
  const nonField = messageList(record.non_field_errors);
  const general = (schema === null && said !== null ? inWords(said, null) : null) ?? (nonField === null ? null : inWords(nonField, null));
  const summary = [
    ...new Set(
      [nonField === null ? null : inWords(nonField, null), ...Object.entries(fields).map(([name, message]) => fieldLine(name, message))].filter(
        (line) => line !== null,
      ),
    ),
  ];
  const worded = said === null ? null : schema === null ? inWords(said, null) : schema.text;
  const msg = worded ?? (summary.length === 0 ? null : summary.join(' '));
  return { msg, fields, general };
}

/** The provider's own message in an answer body (`msg`, else `detail`, else its field errors), or null. */
export function providerMessage(body: unknown): string | null {
  return bodyMessages(body).msg;
}

/** The `retry_after` seconds of a 429 body, or null. */
function retryAfterOf(body: unknown): number | null {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).retry_after : undefined;
  const seconds = typeof value === 'string' ? Number(value) : value;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/** Classifies what an RTK Query call failed with (a hook's `error`, or what `unwrap()` threw). */
export function classifyError(error: unknown): ApiFailure {
  if (typeof error !== 'object' || error === null || !('status' in error)) {
    return { kind: 'refused', status: null, msg: null, fields: {} };
  }
  const { status } = error;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return { kind: 'network' };
  const parsed = status !== 'PARSING_ERROR';
  const httpStatus = answeredStatus(error);
  const { msg, fields } = parsed && 'data' in error ? bodyMessages(error.data) : { msg: null, fields: {} };
  if (httpStatus === 401) return { kind: 'unauthorised' };
  if (httpStatus === 403) return { kind: 'forbidden', msg };
  if (httpStatus === 404) return { kind: 'notFound', msg };
  if (httpStatus === 429) return { kind: 'tooManyRequests', msg, retryAfter: retryAfterOf(parsed && 'data' in error ? error.data : null) };
  if (!parsed || (typeof httpStatus === 'number' && httpStatus >= 500)) return { kind: 'server' };
  return { kind: 'refused', status: typeof httpStatus === 'number' ? httpStatus : null, msg, fields };
}

/**
 * The text to show for a failed call: one wording for network, server, 401 and (without a
 * provider message) 403 failures; for a 429 the provider's message, else when to try again;
 * otherwise the provider's message, or `fallback` when it gave none.
 */
export function errorText<Fallback extends string | null>(error: unknown, fallback: Fallback): string | Fallback {
  const failure = classifyError(error);
  switch (failure.kind) {
    case 'network':
    case 'server':
    case 'unauthorised':
      return errorMessages[failure.kind];
    case 'forbidden':
      return failure.msg ?? errorMessages.forbidden;
    case 'tooManyRequests':
      return failure.msg ?? (failure.retryAfter === null ? errorMessages.tooManyRequests : tooManyAttemptsText(failure.retryAfter));
    default:
      return failure.msg ?? fallback;
  }
}

/** Whether a failed call was answered 404 Not Found. */
export function isNotFound(error: unknown): boolean {
  return classifyError(error).kind === 'notFound';
}

/**
 * Whether a failed call says the provider does not offer the operation at all (404 or 405): an
 * extension it lacks. Screens then hide the feature instead of showing an error.
 */
export function isUnsupported(error: unknown): boolean {
  const failure = classifyError(error);
  return failure.kind === 'notFound' || (failure.kind === 'refused' && failure.status === 405);
}

/** What a form shows after a failed submission. */
export interface FormErrors<Field extends string> {
  /** The messages of the form's own fields, each to show under its field (DRF's field map). */
  fields: Partial<Record<Field, string>>;
  /**
   * The text for what no field shows: the provider's message, the messages of fields the form
   * does not have and `non_field_errors`, or the wording of the fault (`errorText`); `fallback`
   * when nothing was said, and null when every message has its field.
   */
  message: string | null;
}

/**
 * Splits a failed form submission into messages under the form's fields and one text for the
 * rest: `{"email": ["…"], "non_field_errors": ["…"]}` puts the e-mail message under Email and the
 * other as the form's message; a `msg`, `detail`, HTML page or network fault gives only a message.
 */
export function formErrors<Field extends string>(
  error: unknown,
  fieldNames: readonly Field[],
  fallback: string | null,
  /** The field a lone `msg` is about, when its words name one ("…e-mail address already exists."). */
  fieldOfMessage?: (message: string) => Field | null,
): FormErrors<Field> {
  const failure = classifyError(error);
  if (failure.kind !== 'refused') return { fields: {}, message: errorText(error, fallback) };
  const fields: Partial<Record<Field, string>> = {};
  for (const name of fieldNames) {
    if (failure.fields[name] !== undefined) fields[name] = failure.fields[name];
  }
  if (Object.keys(fields).length === 0) {
    const field = failure.msg === null ? null : (fieldOfMessage?.(failure.msg) ?? null);
    if (field !== null) return { fields: { [field]: failure.msg } as Partial<Record<Field, string>>, message: null };
    return { fields, message: failure.msg ?? fallback };
  }
  const { general, fields: said } = bodyMessages((error as { data: unknown }).data);
  const rest = Object.entries(said)
    .filter(([name]) => !Object.hasOwn(fields, name))
    .map(([name, message]) => fieldLine(name, message));
  const message = [...new Set([general, ...rest].filter((line) => line !== null))].join(' ');
  return { fields, message: message === '' ? null : message };
}
