import { act } from '@testing-library/react';
import { persistStore } from 'redux-persist';
import { makeStore } from '@/app/store';
import { syncSessionsAcrossTabs } from '@/features/session/sessionPersistence';
import {
  selectIsStudentLoggedIn,
  selectIsTeacherLoggedIn,
  selectStudentId,
  selectTeacherId,
  studentLoggedIn,
  studentLoggedOut,
  teacherLoggedIn,
} from '@/features/session/sessionSlices';

async function startPersistedStore() {
  const store = makeStore();
  const persistor = persistStore(store);
  await new Promise<void>((resolve) => {
    if (persistor.getState().bootstrapped) resolve();
    const unsubscribe = persistor.subscribe(() => {
      if (persistor.getState().bootstrapped) {
        unsubscribe();
        resolve();
      }
    });
  });
  return { store, persistor };
}

function storedEntries() {
  return Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)]));
}

describe('session persistence', () => {
  it('stores exactly the student flag and id after a student login', async () => {
    const { store, persistor } = await startPersistedStore();
    store.dispatch(studentLoggedIn({ id: 12 }));
    await persistor.flush();
    expect(storedEntries()).toEqual({ studentLoginStatus: 'true', studentId: '12' });
  });

  it('removes the flag and the id at logout, and keeps the other side logged in', async () => {
    const { store, persistor } = await startPersistedStore();
    store.dispatch(studentLoggedIn({ id: 12 }));
    store.dispatch(teacherLoggedIn({ id: 4 }));
    await persistor.flush();
    expect(storedEntries()).toEqual({ studentLoginStatus: 'true', studentId: '12', teacherLoginStatus: 'true', teacherId: '4' });

    store.dispatch(studentLoggedOut());
    await persistor.flush();
    expect(storedEntries()).toEqual({ teacherLoginStatus: 'true', teacherId: '4' });
    expect(selectIsTeacherLoggedIn(store.getState())).toBe(true);
  });

  it('restores both sessions from storage on start-up', async () => {
    localStorage.setItem('studentLoginStatus', 'true');
    localStorage.setItem('studentId', '7');
    localStorage.setItem('teacherLoginStatus', 'true');
    localStorage.setItem('teacherId', '3');
    const { store } = await startPersistedStore();
    expect(selectStudentId(store.getState())).toBe(7);
    expect(selectTeacherId(store.getState())).toBe(3);
  });

  it.each([
    ['a missing id', { studentLoginStatus: 'true' }],
    ['a non-numeric id', { studentLoginStatus: 'true', studentId: 'abc' }],
    ['a zero id', { studentLoginStatus: 'true', studentId: '0' }],
    ['a flag other than true', { studentLoginStatus: 'false', studentId: '7' }],
  ])('treats a stored pair with %s as logged out', async (_case, entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    const { store } = await startPersistedStore();
    expect(selectIsStudentLoggedIn(store.getState())).toBe(false);
    expect(selectStudentId(store.getState())).toBeNull();
  });

  it('follows a login and a logout made in another tab', async () => {
    const { store } = await startPersistedStore();
    const stop = syncSessionsAcrossTabs(store.dispatch);

    localStorage.setItem('teacherLoginStatus', 'true');
    localStorage.setItem('teacherId', '9');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'teacherId', newValue: '9', storageArea: localStorage }));
    });
    expect(selectTeacherId(store.getState())).toBe(9);

    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    });
    expect(selectIsTeacherLoggedIn(store.getState())).toBe(false);
    stop();
  });
});
