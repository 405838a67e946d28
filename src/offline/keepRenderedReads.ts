import { api } from '@/api';
import type { AppDispatch, RootState } from '@/app/store';

let kept = false;

/**
 * A student's page the server rendered with their session (decision 0041) brought its reads in
 * the HTML, not through the service worker: once it has hydrated, they are asked again through the
 * worker, which keeps them for the student offline as it keeps every screen's reads (and the page
 * comes up to date). Once per page load; nothing without a worker in control. A thunk.
 */
export const keepRenderedReads = () => (dispatch: AppDispatch, getState: () => RootState) => {
  if (kept || !navigator.serviceWorker?.controller || !document.getElementById('root')?.hasAttribute('data-student')) return;
  kept = true;
  type Read = { initiate: (args: unknown, options: { forceRefetch: boolean; subscribe: boolean }) => Parameters<AppDispatch>[0] };
  const reads = api.endpoints as unknown as Record<string, Read | undefined>;
  for (const query of Object.values(getState()[api.reducerPath].queries)) {
    const read = query?.status === 'fulfilled' ? reads[query.endpointName] : undefined;
    if (read) dispatch(read.initiate(query?.originalArgs, { forceRefetch: true, subscribe: false }));
  }
};
