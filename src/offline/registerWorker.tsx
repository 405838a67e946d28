import Button from '@mui/material/Button';
import { Workbox } from 'workbox-window';
import { notify } from '@/components/toasts/toastQueue';

export const updateMessages = {
  available: 'A new version is available',
  reload: 'Reload',
};

/** The parts of workbox-window's `Workbox` used here (tests pass a fake). */
export type WorkerRegistrar = Pick<Workbox, 'register' | 'addEventListener' | 'messageSkipWaiting'>;

/**
 * Registers the service worker (dist/sw.js). A new version waits (it never takes over on its
 * own): the app offers 'Reload', which lets it take over and reloads the page once it is in
 * charge, so no page runs an old shell with new chunks.
 */
export async function registerWorker({
  workbox = new Workbox('/sw.js'),
  reload = () => window.location.reload(),
}: { workbox?: WorkerRegistrar; reload?: () => void } = {}): Promise<void> {
  /** Another tab's 'Reload' put the new version in charge: reloading is all this tab has left to do. */
  let newVersionInCharge = false;
  const takeUpdate = () => {
    if (newVersionInCharge) return reload();
    workbox.addEventListener('controlling', reload);
    workbox.messageSkipWaiting();
  };
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) newVersionInCharge = true;
  });
  workbox.addEventListener('waiting', () => {
    notify(updateMessages.available, {
      key: 'new-version',
      variant: 'info',
      persist: true,
      preventDuplicate: true,
      action: (
        <Button color="inherit" size="small" onClick={takeUpdate}>
          {updateMessages.reload}
        </Button>
      ),
    });
  });
  await workbox.register();
}
