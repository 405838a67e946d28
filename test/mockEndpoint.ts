import type { RequestHandlerOptions } from 'msw';
import {
  endpointHandler,
  failure,
  laterHandler,
  pendingHandler,
  type EndpointName,
  type Failure,
  type MockReply,
  type MockResolver,
} from './handlers/endpoint';
import { server } from './server';

export { reply } from './handlers/endpoint';
export type { Answer, EndpointName, MockRequest } from './handlers/endpoint';

/**
 * Overrides one endpoint of the mocked provider for the rest of the test (or for its next call
 * with `{ once: true }`), named as the generated hooks name it:
 *
 *     mockEndpoint('fetchEnrollStatus', () => ({ bool: true, rated: false }));
 *     mockEndpoint('createPaymentSession', { status: 500 });
 *     mockEndpoint('rateCourse', async ({ request, params }) => { sent = await request.formData(); … });
 *
 * The answer is typed by api-spec.yaml: an unknown name or a wrong shape fails `npm run typecheck`.
 */
export function mockEndpoint<Name extends EndpointName>(
  name: Name,
  answer: MockResolver<NoInfer<Name>> | MockReply<NoInfer<Name>>,
  options?: RequestHandlerOptions,
): void {
  server.use(endpointHandler(name, answer, options));
}

/**
 * Makes one endpoint fail: with an HTTP status (and the provider's `msg`, when given), or with no
 * answer at all (`'network'`). `{ once: true }` fails only the next call, so Retry can succeed.
 */
export function failEndpoint(name: EndpointName, kind: Failure, { msg, once }: { msg?: string; once?: boolean } = {}): void {
  server.use(endpointHandler(name, () => failure(kind, msg), { once }));
}

/** Lets the mocked provider answer one endpoint only once `until` settles, to see what a screen shows meanwhile. */
export function answerLater(name: EndpointName, until: Promise<unknown>): void {
  server.use(laterHandler(name, until));
}

/** Keeps one endpoint from ever answering, to see a screen's loading state. */
export function holdEndpoint(name: EndpointName): void {
  server.use(pendingHandler(name));
}
