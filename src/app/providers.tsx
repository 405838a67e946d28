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
 * hydrate, so their first render matches the HTML, and then the store's own. Without `baseStyles`
 * CssBaseline is left out: a rendered page's document carries its styles in a tag of their own.
 */
export function AppProviders({
  store,
  serverState,
  baseStyles = true,
  children,
}: {
  store: AppStore;
  serverState?: RootState;
  baseStyles?: boolean;
  children: ReactNode;
}) {
  return (
    <Provider store={store} serverState={serverState}>
      <ThemeProvider theme={theme}>
        {baseStyles && <CssBaseline />}
        {children}
        <Toasts />
      </ThemeProvider>
    </Provider>
  );
}
