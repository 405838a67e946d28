import type { DefinitionsFromApi, ResultTypeFrom } from '@reduxjs/toolkit/query/react';
import { delay, http, HttpResponse, type DefaultBodyType, type HttpResponseResolver, type RequestHandlerOptions } from 'msw';
import type { adminGeneratedApi } from '@/api/adminGenerated';
import type { authoringGeneratedApi } from '@/api/authoringGenerated';
import type { lessonsGeneratedApi } from '@/api/lessonsGenerated';
import type { generatedApi } from '@/api/generated';
import type { practiceGeneratedApi } from '@/api/practiceGenerated';
import { endpointRoutes } from './endpointRoutes';

/** The mocked provider's base URL (jsdom's origin plus the default API base). */
export const API = 'http://localhost/api';

type Definitions = DefinitionsFromApi<typeof generatedApi> &
  DefinitionsFromApi<typeof adminGeneratedApi> &
  DefinitionsFromApi<typeof practiceGeneratedApi> &
  DefinitionsFromApi<typeof authoringGeneratedApi> &
  DefinitionsFromApi<typeof lessonsGeneratedApi>;

/** A generated endpoint's name (= the operationId in api-spec.yaml). */
export type EndpointName = keyof Definitions & keyof typeof endpointRoutes;

/** What the provider answers on success, as api-spec.yaml declares it (before the app normalises it). */
export type Answer<Name extends EndpointName> = ResultTypeFrom<Definitions[Name]>;

type ParamNames<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

/** The path parameters of an endpoint, named as in api-spec.yaml (`{ course_id: '1' }`). */
export type Params<Name extends EndpointName> = { [Param in ParamNames<(typeof endpointRoutes)[Name]['path']>]: string };

/** What a mock resolver is given: the request (to read what the screen sent) and the path parameters. */
export interface MockRequest<Name extends EndpointName> {
  request: Request;
  params: Params<Name>;
}

/** An error body as providers send them: `{msg}`, DRF's `{detail}` or field map, or an HTML page. */
export type ErrorBody =
  | { msg?: string; detail?: string; bool?: boolean | 'False'; retry_after?: number }
  | Record<string, string[]>
  | string;

/** The statuses of a success: the answer api-spec.yaml declares (or, for 204, no body). */
export type SuccessStatus = 200 | 201 | 202;

/** The statuses of a refusal or a fault: redirects, 4xx and 5xx. */
export type ErrorStatus =
  | 301 | 302 | 303 | 304 | 307 | 308
  | 400 | 401 | 402 | 403 | 404 | 405 | 406 | 408 | 409 | 410 | 411 | 412 | 413 | 414 | 415 | 416 | 422 | 423 | 428 | 429 | 431
  | 500 | 501 | 502 | 503 | 504;

/**
 * A fixed reply of one endpoint: a success with the answer api-spec.yaml declares for it, a 204
 * with no body, or a refusal or fault with an error body (or none). An error body at 200, or
 * another endpoint's answer, fails `npm run typecheck`.
 */
export type MockReply<Name extends EndpointName> =
  | { status: SuccessStatus; body: Answer<Name>; headers?: Record<string, string> }
  | { status: 204; body?: undefined; headers?: Record<string, string> }
  | { status: ErrorStatus; body?: ErrorBody; headers?: Record<string, string> };

declare const answers: unique symbol;

/**
 * An answer made by `reply()` for the endpoint `Name` (a failure fits every endpoint). A `Response`
 * built by hand is taken as it is, unchecked: prefer `reply()`.
 */
export type EndpointResponse<Name extends EndpointName> = Response & { readonly [answers]?: Name };

/**
 * Answers one call: the answer body (sent as JSON with status 200), or a reply made for this
 * endpoint (`reply(...)`, `failure(...)`).
 */
export type MockResolver<Name extends EndpointName> = (
  call: MockRequest<Name>,
) => Answer<Name> | EndpointResponse<Name> | Promise<Answer<Name> | EndpointResponse<Name>>;

/**
 * A reply with a status, bound to the endpoint it answers (inferred from where it is returned):
 * JSON for objects and arrays, an HTML page for a string, no body when omitted.
 */
export function reply<Name extends EndpointName>({ status, body, headers }: MockReply<Name>): EndpointResponse<Name> {
  if (body === undefined) return new HttpResponse(null, { status, headers }) as EndpointResponse<Name>;
  if (typeof body === 'string') return HttpResponse.html(body, { status, headers }) as EndpointResponse<Name>;
  return HttpResponse.json(body as DefaultBodyType, { status, headers }) as EndpointResponse<Name>;
}

/**
 * An msw handler for one generated endpoint, matched by the method and path api-spec.yaml gives
 * it: a misspelled name or an answer of the wrong shape fails `npm run typecheck`.
 */
export function endpointHandler<Name extends EndpointName>(
  name: Name,
  answer: MockResolver<NoInfer<Name>> | MockReply<NoInfer<Name>>,
  options?: RequestHandlerOptions,
) {
  const { method, path } = endpointRoutes[name];
  const resolver: HttpResponseResolver = async ({ request, params }) => {
    if (typeof answer !== 'function') return reply(answer);
    const result = await answer({ request, params: params as Params<Name> });
    return result instanceof Response ? result : HttpResponse.json(result as DefaultBodyType);
  };
  return http[method](`${API}${path}`, resolver, options);
}

/** Failures every screen must handle: an HTTP status (with the provider's `msg`, if given) or no answer at all. */
export type Failure = 400 | 401 | 403 | 404 | 409 | 500 | 503 | 'network';

/** A failure fits any endpoint's answer. */
export function failure(kind: Failure, msg?: string): EndpointResponse<never> {
  if (kind === 'network') return HttpResponse.error() as EndpointResponse<never>;
  return HttpResponse.json(msg === undefined ? {} : { msg }, { status: kind }) as EndpointResponse<never>;
}

/** A handler that lets the next one (the mocked provider) answer, once `until` settles. */
export function laterHandler(name: EndpointName, until: Promise<unknown>) {
  const { method, path } = endpointRoutes[name];
  return http[method](`${API}${path}`, async () => {
    await until;
  });
}

/** A handler that never answers, for loading states. */
export function pendingHandler(name: EndpointName) {
  return endpointHandler(name, async () => {
    await delay('infinite');
    return failure(500);
  });
}
