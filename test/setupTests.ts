import './reactOwnerStacks';
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { resetMockDb } from './handlers/mockDb';
import { server } from './server';

// Lazy routes and MUI make first renders slow on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(resetMockDb);
afterEach(() => {
  jest.useRealTimers();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${cookie.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
afterAll(() => server.close());
