import type { DefinitionsFromApi, ResultTypeFrom } from '@reduxjs/toolkit/query/react';
import { delay, http, HttpResponse, type DefaultBodyType, type HttpResponseResolver, type RequestHandlerOptions } from 'msw';
import type { generatedApi } from '@/api/generated';
import { endpointRoutes } from './endpointRoutes';

/** The mocked provider's base URL (jsdom's origin plus the default API base). */
export const API = 'http://localhost/api';

type Definitions = DefinitionsFromApi<typeof generatedApi>;

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

/**
 * Answers one call: the answer body (sent as JSON with status 200), or a `Response` for anything
 * else (`reply(...)`, `HttpResponse.error()`).
 */
export type MockResolver<Name extends EndpointName> = (call: MockRequest<Name>) => Answer<Name> | Response | Promise<Answer<Name> | Response>;

/** An error body as providers send them: `{msg}`, DRF's `{detail}` or field map, or an HTML page. */
export type ErrorBody =
  | { msg?: string; detail?: string; bool?: boolean | 'False'; retry_after?: number }
  | Record<string, string[]>
  | string;

/** A fixed reply: a status with the endpoint's answer (2xx) or an error body. */
export interface MockReply<Name extends EndpointName> {
  status: number;
  body?: Answer<Name> | ErrorBody;
  headers?: Record<string, string>;
}

/** A reply with any status: JSON for objects and arrays, an HTML page for a string, no body when omitted. */
export function reply<Name extends EndpointName>({ status, body, headers }: MockReply<Name>): Response {
  if (body === undefined) return new HttpResponse(null, { status, headers });
  if (typeof body === 'string') return HttpResponse.html(body, { status, headers });
  return HttpResponse.json(body as DefaultBodyType, { status, headers });
}

/**
 * An msw handler for one generated endpoint, matched by the method and path api-spec.yaml gives
 * it: a misspelled name or an answer of the wrong shape fails `npm run typecheck`.
 */
export function endpointHandler<Name extends EndpointName>(
  name: Name,
  answer: MockResolver<Name> | MockReply<Name>,
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

export function failure(kind: Failure, msg?: string): Response {
  if (kind === 'network') return HttpResponse.error();
  return HttpResponse.json(msg === undefined ? {} : { msg }, { status: kind });
}

/** A handler that never answers, for loading states. */
export function pendingHandler(name: EndpointName) {
  return endpointHandler(name, async () => {
    await delay('infinite');
    return failure(500);
  });
}
