import { dismissToast, notify } from './toastQueue';

const toasts = { enqueueSnackbar: notify, closeSnackbar: dismissToast } as const;

/**
 * The toasts of a screen, in notistack's words (`enqueueSnackbar`, `closeSnackbar`), through the
 * facade that loads notistack on the first toast. Outside components, call `notify` directly.
 */
export function useToasts() {
  return toasts;
}
