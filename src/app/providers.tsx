import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toasts } from '@/components/toasts/Toasts';
import type { AppStore, RootState } from './store';
import { theme } from './theme';

/**
 * Store, theme and toasts: everything a screen needs around it, in the app and in tests.
 * `serverState` is the state a prerendered page was rendered with: screens read it while they
 * hydrate, so their first render matches the HTML, and then the store's own.
 */
export function AppProviders({ store, serverState, children }: { store: AppStore; serverState?: RootState; children: ReactNode }) {
  return (
    <Provider store={store} serverState={serverState}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <Toasts />
      </ThemeProvider>
    </Provider>
  );
}
