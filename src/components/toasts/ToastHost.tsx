import { styled } from '@mui/material/styles';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { attachToastHost } from './toastQueue';

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

function Attach() {
  useEffect(
    () =>
      attachToastHost({
        show: (message, options) => enqueueSnackbar(message, options),
        close: (key) => closeSnackbar(key),
      }),
    [],
  );
  return null;
}

/** notistack's provider, loaded with the first toast (see `notify`). */
export function ToastHost() {
  return (
    <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} Components={toastComponents}>
      <Attach />
    </SnackbarProvider>
  );
}
