import { styled } from '@mui/material/styles';
import { closeSnackbar, type CustomContentProps, enqueueSnackbar, SnackbarContent, SnackbarProvider } from 'notistack';
import { forwardRef, useEffect, useId } from 'react';
import { attachToastHost } from './toastQueue';

/**
 * Toasts in the theme's colours (notistack's own, white on #43a047, #2196f3 and #ff9800, fall short
 * of the 4.5:1 contrast WCAG AA asks for). notistack's MaterialDesignContent reads every toast as an
 * alert and gives them all one id: here a failure (error, warning) is an `alert`, a success or a
 * notice a polite `status`, each toast with its own id.
 */
const ToastBox = styled(SnackbarContent)(({ theme }) => ({
  alignItems: 'center',
  padding: '6px 16px 6px 20px',
  borderRadius: theme.shape.borderRadius,
  boxShadow: theme.shadows[6],
  ...theme.typography.body2,
  backgroundColor: theme.palette.grey[900],
  color: theme.palette.common.white,
  '&[data-variant="success"]': { backgroundColor: theme.palette.success.main, color: theme.palette.success.contrastText },
  '&[data-variant="error"]': { backgroundColor: theme.palette.error.main, color: theme.palette.error.contrastText },
  '&[data-variant="info"]': { backgroundColor: theme.palette.primary.main, color: theme.palette.primary.contrastText },
  '&[data-variant="warning"]': { backgroundColor: theme.palette.secondary.main, color: theme.palette.secondary.contrastText },
}));

const ToastMessage = styled('div')({ display: 'flex', alignItems: 'center', padding: '8px 0' });
const ToastAction = styled('div')({ display: 'flex', alignItems: 'center', marginLeft: 'auto', paddingLeft: 16, marginRight: -8 });

const Toast = forwardRef<HTMLDivElement, CustomContentProps>(function Toast(
  { id, message, action, variant, iconVariant, hideIconVariant, style, className },
  ref,
) {
  const messageId = useId();
  const icon = hideIconVariant ? null : iconVariant[variant];
  const actions = typeof action === 'function' ? action(id) : action;
  const failure = variant === 'error' || variant === 'warning';
  return (
    <ToastBox
      ref={ref}
      role={failure ? 'alert' : 'status'}
      aria-live={failure ? 'assertive' : 'polite'}
      aria-describedby={messageId}
      data-variant={variant}
      style={style}
      className={className}
    >
      <ToastMessage id={messageId}>
        {icon}
        {message}
      </ToastMessage>
      {actions ? <ToastAction>{actions}</ToastAction> : null}
    </ToastBox>
  );
});

const toastComponents = { default: Toast, success: Toast, error: Toast, info: Toast, warning: Toast };

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
