import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/routes';
import { makeStore } from '@/app/store';
import { syncSessionsAcrossTabs } from '@/features/session/sessionPersistence';

const store = makeStore();
const persistor = persistStore(store);
syncSessionsAcrossTabs(store.dispatch);
const router = createBrowserRouter(routes);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <AppProviders store={store}>
    <PersistGate persistor={persistor} loading={null}>
      <RouterProvider router={router} />
    </PersistGate>
  </AppProviders>,
);
