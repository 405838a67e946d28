import { type ToastKey } from '@/components/toasts/toastQueue';
import { useToasts } from '@/components/toasts/useToasts';
import { useCallback, useEffect, useRef } from 'react';
import { isUploadCancelled } from '@/api';
import { teacherAreaMessages as messages } from './messages';
import { RESULT_TOAST_MS } from '@/components/toasts/toastDurations';

export interface UploadToastTexts {
  /** Shown while the upload runs (until it ends), if given. */
  progress?: string;
  success: string;
  /** Shown when the upload failed (not when it was cancelled) and no field of the form says why. */
  failure: string;
  /** How long the success toast stays (spec section 9: 5 s for upload results, 3 s for updates). */
  successMs: number;
}

export interface UploadToastOptions<Result> {
  /**
   * Whether the form shows a failure's reason under one of its fields (and moves the focus there):
   * then that message is the one said, and no failure toast is raised besides it.
   */
  failureHasField?: (error: unknown) => boolean;
  /**
   * Runs once the upload succeeded, for a page that moves on (to the list it added to): the success
   * toast then waits until this page has gone, so that it comes on the new screen, after its heading
   * took the focus, and is not cut short by the page changing under it.
   */
  leavePage?: (value: Result) => unknown;
}

/** How an upload ended: with the answer, cancelled by the user, or failed with `error`. */
export type UploadOutcome<Result> = { ok: true; value: Result } | { ok: false; cancelled: true } | { ok: false; cancelled: false; error: unknown };

/** The longest wait for the page to go after `leavePage` (a navigation that did not happen) before the toast shows anyway. */
const LEAVE_WAIT_MS = 2000;

/** A function returning a promise that settles once the calling component has unmounted (or after LEAVE_WAIT_MS). */
function usePageGone() {
  const unmounted = useRef<{ gone: Promise<void>; resolve: () => void } | null>(null);
  useEffect(() => {
    let resolve = () => {};
    const gone = new Promise<void>((done) => (resolve = done));
    unmounted.current = { gone, resolve };
    return () => resolve();
  }, []);
  return useCallback(() => {
    const current = unmounted.current;
    return Promise.race([current ? current.gone : Promise.resolve(), new Promise<void>((done) => window.setTimeout(done, LEAVE_WAIT_MS))]);
  }, []);
}

/**
 * The toasts around an upload (spec section 8): a progress toast while it runs, then one message
 * for its outcome: the success toast; the failure toast, unless the form puts the reason under a
 * field; or the cancelled toast. Returns how the upload ended, for the form to show the reason of
 * a failure beside its fields.
 */
export function useUploadToasts() {
  const { enqueueSnackbar, closeSnackbar } = useToasts();
  const pageGone = usePageGone();
  return useCallback(
    async <Result>(texts: UploadToastTexts, send: () => Promise<Result>, options: UploadToastOptions<Result> = {}): Promise<UploadOutcome<Result>> => {
      const progressKey: ToastKey | undefined = texts.progress ? enqueueSnackbar(texts.progress, { variant: 'info', persist: true }) : undefined;
      const endProgress = () => {
        if (progressKey !== undefined) closeSnackbar(progressKey);
      };
      let value: Result;
      try {
        value = await send();
      } catch (error) {
        endProgress();
        if (isUploadCancelled(error)) {
          enqueueSnackbar(messages.uploadCancelled, { variant: 'info', autoHideDuration: RESULT_TOAST_MS });
          return { ok: false, cancelled: true };
        }
        if (!options.failureHasField?.(error)) enqueueSnackbar(texts.failure, { variant: 'error', autoHideDuration: RESULT_TOAST_MS });
        return { ok: false, cancelled: false, error };
      }
      endProgress();
      if (options.leavePage) {
        const gone = pageGone();
        await options.leavePage(value);
        await gone;
      }
      enqueueSnackbar(texts.success, { variant: 'success', autoHideDuration: texts.successMs });
      return { ok: true, value };
    },
    [enqueueSnackbar, closeSnackbar, pageGone],
  );
}
