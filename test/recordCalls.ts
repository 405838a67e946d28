import { matchRequestUrl } from 'msw';
import { API, type EndpointName, type Params } from './handlers/endpoint';
import { endpointRoutes } from './handlers/endpointRoutes';
import { sentFields } from './handlers/mockDb';
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

/** Calls `onCall` with each call made to one endpoint for the rest of the test. */
function watch<Name extends EndpointName>(name: Name, onCall: (call: RecordedCall<Name>) => void): void {
  const { method, path } = endpointRoutes[name];
  const listener = ({ request }: { request: Request }) => {
    if (request.method.toLowerCase() !== method) return;
    const url = new URL(request.url);
    const match = matchRequestUrl(url, `${API}${path}`);
    if (!match.matches) return;
    onCall({ params: match.params as Params<Name>, query: Object.fromEntries(url.searchParams), request: request.clone() });
  };
  listeners.add(listener);
  server.events.on('request:start', listener);
}

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
  const calls: RecordedCall<Name>[] = [];
  watch(name, (call) => calls.push(call));
  return calls;
}

/** A call that sent a form, with the fields it sent (form-encoded or multipart) as strings and files. */
export interface SentCall<Name extends EndpointName> extends RecordedCall<Name> {
  fields: Record<string, string | File>;
}

/**
 * Like `recordCalls`, for endpoints that receive a form: what the screen sent, call by call, while
 * the mocked provider still answers (and keeps what was sent, so the next read shows it). A call
 * is listed, in order, once its fields are read, so `waitFor` on the list sees whole calls:
 *
 *     const updates = recordSent('updateCourse');
 *     …
 *     await waitFor(() => expect(updates.map((call) => call.fields.title)).toEqual(['Akan']));
 */
export function recordSent<Name extends EndpointName>(name: Name): SentCall<Name>[] {
  const sent: SentCall<Name>[] = [];
  let reading = Promise.resolve();
  watch(name, (call) => {
    const fields = sentFields(call.request.clone()).catch(() => ({}));
    reading = reading.then(async () => {
      sent.push({ ...call, fields: await fields });
    });
  });
  return sent;
}
