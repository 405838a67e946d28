import type { Dispatch } from '@reduxjs/toolkit';
import type { Storage } from 'redux-persist';
import { sessionsSynced } from './sessionSlices';
import { sessionFromStorage, type SessionState } from './sessionState';

type Side = 'student' | 'teacher';
type PersistedSessions = Partial<Record<Side, SessionState>>;

/** The browser-storage keys of spec section 9, one flag/id pair per side. */
export const sessionStorageKeys = {
  student: { flag: 'studentLoginStatus', id: 'studentId' },
  teacher: { flag: 'teacherLoginStatus', id: 'teacherId' },
} as const;

const sides: Side[] = ['student', 'teacher'];

function readSide(side: Side): SessionState {
  const keys = sessionStorageKeys[side];
  return sessionFromStorage(localStorage.getItem(keys.flag), localStorage.getItem(keys.id));
}

function writeSide(side: Side, session: SessionState | undefined) {
  const keys = sessionStorageKeys[side];
  if (session?.loggedIn && session.id !== null) {
    localStorage.setItem(keys.flag, 'true');
    localStorage.setItem(keys.id, String(session.id));
  } else {
    localStorage.removeItem(keys.flag);
    localStorage.removeItem(keys.id);
  }
}

export function readSessions(): Record<Side, SessionState> {
  return { student: readSide('student'), teacher: readSide('teacher') };
}

/**
 * A redux-persist storage engine (used with `serialize: false`) that keeps the persisted
 * `{ student, teacher }` root as exactly the four plain localStorage entries of the spec,
 * with no `persist:*` key of its own.
 */
export const sessionStorageEngine: Storage = {
  getItem: async () => readSessions(),
  setItem: async (_key: string, value: PersistedSessions) => {
    for (const side of sides) writeSide(side, value[side]);
  },
  removeItem: async () => {
    for (const side of sides) writeSide(side, undefined);
  },
};

const watchedKeys = new Set<string>(sides.flatMap((side) => Object.values(sessionStorageKeys[side])));

/**
 * Keeps this tab in step with logins and logouts made in other tabs (the `storage` event
 * fires only for changes made elsewhere). Returns the unsubscribe function.
 */
export function syncSessionsAcrossTabs(dispatch: Dispatch): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== localStorage) return;
    if (event.key === null || watchedKeys.has(event.key)) dispatch(sessionsSynced(readSessions()));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
