import CssBaseline from '@mui/material/CssBaseline';
import { styled, ThemeProvider } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';
import { theme } from './theme';

/**
 * Toasts in the theme's colours: notistack's own (white on #43a047, #2196f3, #ff9800) fall short
 * of the 4.5:1 contrast WCAG AA asks for.
 */
const ThemedToast = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main, color: theme.palette.success.contrastText },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main, color: theme.palette.error.contrastText },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.primary.main, color: theme.palette.primary.contrastText },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.secondary.main, color: theme.palette.secondary.contrastText },
}));

const toastComponents = { default: ThemedToast, success: ThemedToast, error: ThemedToast, info: ThemedToast, warning: ThemedToast };

/** Store, theme and toasts: everything a screen needs around it, in the app and in tests. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} Components={toastComponents}>
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </Provider>
  );
}
