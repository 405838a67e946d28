import { skipToken } from '@reduxjs/toolkit/query/react';
import { api, isUnsupported, type Notification, useListNotificationsQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';

/** How often the list is read again while the tab is in use: as the unread message counts. */
export const NOTIFICATIONS_POLLING_MS = 30_000;

/** How many of the newest notifications the bell's menu shows. */
export const NOTIFICATIONS_SHOWN = 10;

export interface Notifications {
  /** The newest notifications and the unread count, or null until the first answer and on a provider without them. */
  list: { unread: number; notifications: Notification[] } | null;
}

/**
 * The newest notifications of the logged-in `side` (`personId`, null for none), read every 30
 * seconds while the tab is in use (an extension: on a provider without it, 404 or 405, there is
 * no list and no error, and it is not asked again). Marking read updates it through the cache tags.
 */
export function useNotifications(side: 'student' | 'teacher', personId: number | null): Notifications {
  const arg = personId === null ? skipToken : { role: side, personId, limit: NOTIFICATIONS_SHOWN };
  // What the cache holds already decides whether to keep asking.
  const missing = useAppSelector((state) => {
    const cached = api.endpoints.listNotifications.select(arg)(state as never);
    return cached.isError && isUnsupported(cached.error);
  });
  const query = useListNotificationsQuery(arg, { pollingInterval: missing ? 0 : NOTIFICATIONS_POLLING_MS, skipPollingIfUnfocused: true });
  // A passing failure keeps the last list shown; an operation the provider lacks shows none.
  const data = missing ? undefined : query.data;
  return { list: data && Array.isArray(data.notifications) ? { unread: data.unread, notifications: data.notifications } : null };
}
