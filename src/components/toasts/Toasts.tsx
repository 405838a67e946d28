import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToasts, toastsWanted } from './toastQueue';

const ToastHost = lazy(async () => ({ default: (await import(/* webpackChunkName: "toasts" */ './ToastHost')).ToastHost }));

/** Where toasts appear: nothing until the first `notify`, then notistack's host, loaded on demand. */
export function Toasts() {
  const wanted = useSyncExternalStore(subscribeToToasts, toastsWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
