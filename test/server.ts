import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The mocked provider every app suite talks to; suites add overrides with `server.use(...)`. */
export const server = setupServer(...handlers);
