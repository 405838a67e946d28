import { setServerRender } from '@/config/env';
import { resetMockDb } from './handlers/mockDb';
import { server } from './server';

// The app's suites without a DOM (the `node` project): the same mocked provider as the app project
// (test/setupTests.ts), over Node's own fetch. Outside a browser the app takes its page's origin
// (media and API addresses) from the server render it is part of: here the jsdom project's origin,
// and Node's fetch, which msw intercepts (looked up at each call, as msw replaces it on listen).
setServerRender({ origin: 'http://localhost', fetch: (input, init) => fetch(input, init) });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(resetMockDb);
afterEach(() => {
  jest.useRealTimers();
  server.resetHandlers();
});
afterAll(() => server.close());
