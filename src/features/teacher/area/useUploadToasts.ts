import { type ToastKey } from '@/components/toasts/toastQueue';
import { useToasts } from '@/components/toasts/useToasts';
import { useCallback } from 'react';
import { isUploadCancelled } from '@/api';
import { teacherCourseMessages as messages } from './messages';
import { RESULT_TOAST_MS } from '@/components/toasts/toastDurations';

export interface UploadToastTexts {
  /** Shown while the upload runs (until it ends), if given. */
  progress?: string;
  success: string;
  /** Shown when the upload failed (not when it was cancelled). */
  failure: string;
  /** How long the success toast stays (spec section 9: 5 s for upload results, 3 s for updates). */
  successMs: number;
}

/** How an upload ended: with the answer, cancelled by the user, or failed with `error`. */
export type UploadOutcome<Result> = { ok: true; value: Result } | { ok: false; cancelled: true } | { ok: false; cancelled: false; error: unknown };

/**
 * The toasts around an upload (spec section 8): a progress toast while it runs, then the success
 * or failure toast; a cancelled upload says so instead. Returns how the upload ended, for the
 * form to show the reason of a failure beside its fields.
 */
export function useUploadToasts() {
  const { enqueueSnackbar, closeSnackbar } = useToasts();
  return useCallback(
    async <Result>(texts: UploadToastTexts, send: () => Promise<Result>): Promise<UploadOutcome<Result>> => {
      let progressKey: ToastKey | undefined;
      if (texts.progress) progressKey = enqueueSnackbar(texts.progress, { variant: 'info', persist: true });
      try {
        const value = await send();
        enqueueSnackbar(texts.success, { variant: 'success', autoHideDuration: texts.successMs });
        return { ok: true, value };
      } catch (error) {
        if (isUploadCancelled(error)) {
          enqueueSnackbar(messages.uploadCancelled, { variant: 'info', autoHideDuration: RESULT_TOAST_MS });
          return { ok: false, cancelled: true };
        }
        enqueueSnackbar(texts.failure, { variant: 'error', autoHideDuration: RESULT_TOAST_MS });
        return { ok: false, cancelled: false, error };
      } finally {
        if (progressKey !== undefined) closeSnackbar(progressKey);
      }
    },
    [enqueueSnackbar, closeSnackbar],
  );
}
