import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { setAutoFreeze } from 'immer';
import { FLUSH, PAUSE, PERSIST, persistReducer, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { baseApi } from '@/api/baseApi';
import { registerOfflineSupport } from '@/api/offlineSupport';
import { sessionExpiry } from '@/features/session/sessionExpiry';
import { sessionStorageEngine } from '@/features/session/sessionPersistence';
import { viewerChange } from '@/features/session/viewerChange';
import { studentSessionSlice, teacherSessionSlice } from '@/features/session/sessionSlices';

// Immer walks and freezes every answer the API cache takes, to its last nested object: tens of ms
// for a list at 4× CPU, on the main thread, for each answer. Development and the tests keep it,
// where it catches a reducer or a screen that changes state in place (docs/performance.md).
if (process.env.NODE_ENV === 'production') setAutoFreeze(false);

const rootReducer = combineReducers({
  [studentSessionSlice.reducerPath]: studentSessionSlice.reducer,
  [teacherSessionSlice.reducerPath]: teacherSessionSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Only who is logged in is persisted; the API cache never is. */
const persistedReducer = persistReducer(
  { key: 'sessions', storage: sessionStorageEngine, whitelist: ['student', 'teacher'], serialize: false, deserialize: false } as never,
  rootReducer,
) as unknown as typeof rootReducer;

/**
 * The offline layer's sides that the base query uses (src/api knows nothing of src/offline): each
 * loads with its first use, in a chunk of its own.
 */
const offlineSupport = {
  loadOutbox: () => import(/* webpackChunkName: "outbox" */ '@/offline/outboxSync'),
  loadLogouts: () => import(/* webpackChunkName: "logout" */ '@/offline/logoutSync'),
};

/**
 * Creates the store used by the app and by tests, and lends the base query the offline layer
 * (`registerOfflineSupport`). Nothing is read from or written to browser storage until
 * `persistStore(store)` is called (the app does so at start-up).
 */
export function makeStore(options: { preloadedState?: Partial<RootState> } = {}) {
  registerOfflineSupport(offlineSupport);
  const store = configureStore({
    reducer: persistedReducer,
    preloadedState: options.preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(sessionExpiry.middleware, viewerChange.middleware)
        .concat(baseApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
