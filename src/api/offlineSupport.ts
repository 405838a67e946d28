/**
 * What the offline layer (src/offline) lends the base query: keeping a change made offline in the
 * outbox, following the outbox, and the logouts still pending on the device. The API layer knows
 * none of it: the app registers the loaders at start-up (`makeStore`), and each side loads with
 * its first use, never with the page. Without a registration (a server render) the base query
 * sends every call as it is.
 */
import type { BaseQueryApi } from '@reduxjs/toolkit/query/react';
import type { UploadArgs } from './uploadQuery';

/** A call the base query could not send (offline), as it prepared it. */
export interface OfflineCall {
  api: Pick<BaseQueryApi, 'endpoint' | 'getState' | 'dispatch'>;
  /** The endpoint's argument (kept for the screens and the cache tags). */
  arg: unknown;
  /** The absolute URL. */
  url: string;
  /** Method, headers and the encoded body. */
  args: UploadArgs;
}

/** The page's side of the outbox (src/offline/outboxSync.ts). */
export interface OutboxSide {
  /** Keeps a call in the outbox for the student logged in; false, keeping nothing, when it cannot. */
  keepOffline(call: OfflineCall): Promise<boolean>;
  /** Follows the outbox for this store: sends what is left now and on each `online` event. */
  startOutboxSync(dispatch: BaseQueryApi['dispatch']): void;
}

/** The page's side of the pending logouts (src/offline/logoutSync.ts). */
export interface LogoutSide {
  /** Sends any logout still pending on the device. */
  sendLogoutsFromPage(): Promise<unknown>;
  /** Forgets the pending logout of a side whose session a login replaced. */
  loggedInAgain(side: 'student' | 'teacher'): Promise<void>;
}

export interface OfflineSupport {
  loadOutbox: () => Promise<OutboxSide>;
  loadLogouts: () => Promise<LogoutSide>;
}

let registered: OfflineSupport | undefined;

/** Lends the base query the offline layer's loaders (the app, at start-up); a later call replaces them. */
export function registerOfflineSupport(support: OfflineSupport): void {
  registered = support;
}

/** The registered offline support, if any. */
export const offlineSupport = (): OfflineSupport | undefined => registered;
