/**
 * Upload plumbing of the endpoints: the upload endpoints (those with file fields, `uploadOperations`)
 * hand the arg's `onUploadProgress` on to the base query, which sends them with XMLHttpRequest
 * (uploadQuery.ts) and reports the body's progress to it. `useUpload` adds it to the arg.
 */
import type { UploadArgs } from './uploadQuery';

/**
 * Makes an endpoint's query pass `onUploadProgress` on: the generated query functions build the
 * call from the form fields only.
 */
function forwardUploadProgress(definition: { query?: unknown }): void {
  const query = definition.query as ((arg: unknown) => string | UploadArgs) | undefined;
  if (!query) return;
  definition.query = (arg: { onUploadProgress?: UploadArgs['onUploadProgress'] }): UploadArgs => {
    const call = query(arg);
    return { ...(typeof call === 'string' ? { url: call } : call), onUploadProgress: arg.onUploadProgress };
  };
}

/** The definition changes of the upload endpoints `uploads` (a group's operations with file fields), for `enhanceEndpoints`. */
export const uploadEndpointsOf = (uploads: readonly string[]) => Object.fromEntries(uploads.map((name) => [name, forwardUploadProgress]));
