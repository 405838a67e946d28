import { useCallback, useRef, useState } from 'react';
import type { UploadProgress } from './uploadQuery';

/** What an RTK Query mutation trigger returns, as far as an upload needs it. */
export interface UploadRequest<Result> {
  unwrap(): Promise<Result>;
  abort(): void;
}

export interface Upload<Arg, Result> {
  /**
   * Sends the upload: resolves with the answer, rejects with what `unwrap()` throws (an API
   * failure for `classifyError`, or a cancellation: `isUploadCancelled`).
   */
  send: (arg: Arg) => Promise<Result>;
  /** Aborts the upload under way; its `send` rejects as cancelled. */
  cancel: () => void;
  uploading: boolean;
  /** How much of the body has been sent, 0 to 100 (0 until it starts); null when the browser cannot tell. */
  percent: number | null;
}

/** Whether an upload failed because it was cancelled (RTK Query's `AbortError`). */
export function isUploadCancelled(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

function percentOf({ loaded, total }: UploadProgress): number | null {
  if (total === null || total <= 0) return null;
  return Math.min(100, Math.round((loaded / total) * 100));
}

/**
 * Follows one upload endpoint's calls: give it the mutation's trigger
 * (`useUpload(useCreateCourseMutation()[0])`) and call `send(arg)` instead of the trigger. The
 * base query reports the progress of the request body (XMLHttpRequest), and `cancel()` aborts the
 * request through the trigger's `.abort()`.
 */
export function useUpload<Arg, Result>(trigger: (arg: Arg) => UploadRequest<Result>): Upload<Arg, Result> {
  const [uploading, setUploading] = useState(false);
  const [percent, setPercent] = useState<number | null>(0);
  const current = useRef<UploadRequest<Result> | null>(null);

  const send = useCallback(
    async (arg: Arg) => {
      setPercent(0);
      setUploading(true);
      const request = trigger({
        ...arg,
        onUploadProgress: (progress: UploadProgress) => {
          if (current.current === request) setPercent(percentOf(progress));
        },
      } as Arg);
      current.current = request;
      try {
        return await request.unwrap();
      } finally {
        if (current.current === request) {
          current.current = null;
          setUploading(false);
        }
      }
    },
    [trigger],
  );

  const cancel = useCallback(() => current.current?.abort(), []);

  return { send, cancel, uploading, percent };
}
