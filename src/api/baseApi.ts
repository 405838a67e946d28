import { createAction } from '@reduxjs/toolkit';
import { buildCreateApi, coreModule } from '@reduxjs/toolkit/query';
import { reactHooksModule } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery';

/** Puts the API cache a server render sent with the page (its `api` state) into the store. */
export const apiStateRestored = createAction<unknown>('api/stateRestored');

/**
 * Outside a browser (the server render, scripts/serve-dist.ts) the hooks start their calls while
 * rendering, since no effect runs there: a first render starts them, a second one shows their data.
 */
const createApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: typeof window === 'undefined' }));

/** The empty API that the generated endpoints (generated.ts) are injected into. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  endpoints: () => ({}),
  extractRehydrationInfo: (action) => (apiStateRestored.match(action) ? (action.payload as never) : undefined),
});
