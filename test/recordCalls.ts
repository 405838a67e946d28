import { matchRequestUrl } from 'msw';
import { API, type EndpointName, type Params } from './handlers/endpoint';
import { endpointRoutes } from './handlers/endpointRoutes';
import { server } from './server';

/** One call a screen made to an endpoint. */
export interface RecordedCall<Name extends EndpointName> {
  /** The path parameters, named as in api-spec.yaml. */
  params: Params<Name>;
  /** The query parameters. */
  query: Record<string, string>;
  /** A copy of the request as sent, to read its body (`sentFields(call.request)`) or headers. */
  request: Request;
}

const listeners = new Set<(event: { request: Request }) => void>();

afterEach(() => {
  for (const listener of listeners) server.events.removeListener('request:start', listener);
  listeners.clear();
});

/**
 * Watches one endpoint for the rest of the test without changing its answer: the mocked
 * provider (or a `mockEndpoint` override) still answers, and the calls the screen made are
 * kept, in order, to assert what it asked for.
 *
 *     const calls = recordCalls('getStudentDashboard');
 *     …
 *     expect(calls.map((call) => call.params.studentId)).toEqual(['7']);
 */
export function recordCalls<Name extends EndpointName>(name: Name): RecordedCall<Name>[] {
  const { method, path } = endpointRoutes[name];
  const calls: RecordedCall<Name>[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method.toLowerCase() !== method) return;
    const url = new URL(request.url);
    const match = matchRequestUrl(url, `${API}${path}`);
    if (!match.matches) return;
    calls.push({
      params: match.params as Params<Name>,
      query: Object.fromEntries(url.searchParams),
      request: request.clone(),
    });
  };
  listeners.add(listener);
  server.events.on('request:start', listener);
  return calls;
}
