import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';

/** The options a toast takes: notistack's, which renders them once it has loaded. */
export type ToastOptions = OptionsObject;
export type ToastKey = SnackbarKey;

/** What the loaded host does with a toast: notistack's own `enqueueSnackbar` and `closeSnackbar`. */
export interface ToastHostApi {
  show: (message: SnackbarMessage, options: ToastOptions & { key: ToastKey }) => void;
  close: (key: ToastKey) => void;
}

let host: ToastHostApi | null = null;
let wanted = false;
let nextKey = 0;
const pending: { message: SnackbarMessage; options: ToastOptions & { key: ToastKey } }[] = [];
/** The failure toasts shown since the reader last moved to another page. */
const failures = new Set<ToastKey>();
const listeners = new Set<() => void>();

/**
 * Shows a toast. notistack (and its provider) load on the first toast, not with the page: until
 * then toasts wait here, in order. Returns the toast's key, for `dismissToast`.
 */
export function notify(message: SnackbarMessage, options: ToastOptions = {}): ToastKey {
  const key = options.key ?? `toast-${++nextKey}`;
  const toast = { message, options: { ...options, key } };
  if (options.variant === 'error') failures.add(key);
  if (host) {
    host.show(toast.message, toast.options);
  } else {
    pending.push(toast);
    if (!wanted) {
      wanted = true;
      listeners.forEach((listener) => listener());
    }
  }
  return key;
}

/** Closes a toast shown (or still waiting to be shown) by `notify`. */
export function dismissToast(key: ToastKey): void {
  const index = pending.findIndex((toast) => toast.options.key === key);
  if (index >= 0) pending.splice(index, 1);
  else host?.close(key);
}

/**
 * Closes the failure toasts: a failure belongs to the page it happened on and must not follow the
 * reader to the next one (next to that page's own success). Other toasts stay, e.g. the success
 * that announced the move, or the notice that a session expired.
 */
export function dismissFailureToasts(): void {
  for (const key of failures) dismissToast(key);
  failures.clear();
}

/** Whether a toast was ever asked for: the host is mounted from then on. */
export function toastsWanted(): boolean {
  return wanted;
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the loaded host when it mounts: shows the toasts that waited. Returns the detach function. */
export function attachToastHost(api: ToastHostApi): () => void {
  host = api;
  for (const toast of pending.splice(0)) api.show(toast.message, toast.options);
  return () => {
    if (host === api) host = null;
  };
}
