import type { AppStore } from '@/app/store';
import { followPendingLogouts } from './logoutFollower';
import { guardStudentCopies } from './privacy';
import { registerWorker } from './registerWorker';

/**
 * Offline support, loaded by src/index.tsx once the page has loaded and the browser is idle: the
 * service worker (production builds), then the guard of students' copies, which tells the worker
 * who uses the app (a worker installing for the first time hears it too), and the follower of the
 * logouts not sent yet, which holds their side logged out and sends them once it can.
 */
export async function startOffline(store: Pick<AppStore, 'getState' | 'subscribe' | 'dispatch'>): Promise<void> {
  if (process.env.NODE_ENV === 'production' && 'serviceWorker' in navigator) {
    // The app works without its worker (only not offline): a warning, not an error.
    await registerWorker().catch((error: unknown) => console.warn('The service worker could not be registered', error));
  }
  guardStudentCopies(store);
  followPendingLogouts(store);
}
