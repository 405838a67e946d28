import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { Notification } from '@/api';
import { formatterOnFirstUse } from '@/components/plainFormat';
import { notificationMessages } from './notificationMessages';

const timeFormat = formatterOnFirstUse(() => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }));
const withoutTrailingSlash = (path: string) => path.replace(/(.)\/$/, '$1');

function timeOf(notification: Notification): string {
  const time = Date.parse(notification.created_at);
  return Number.isNaN(time) ? '' : timeFormat().format(time);
}

/**
 * The bell's menu (MUI Menu: arrow keys, Escape and Tab close it): the newest notifications, each
 * leading to its screen, or that there are none. Loaded on the first press of the bell.
 *
 * `onClose` says whether the focus should go back to the bell: yes when the menu is dismissed or
 * an entry leads to the page already shown; no when an entry opens another page, whose title then
 * takes the focus.
 */
export function NotificationMenu({
  id,
  anchorEl,
  open,
  notifications,
  unread,
  onClose,
}: {
  id: string;
  anchorEl: HTMLElement | null;
  open: boolean;
  notifications: readonly Notification[];
  /** Whether to show one as unread. */
  unread: (notification: Notification) => boolean;
  onClose: (restoreFocus: boolean) => void;
}) {
  const { pathname } = useLocation();
  return (
    <Menu
      id={id}
      anchorEl={anchorEl}
      open={open && anchorEl !== null}
      onClose={() => onClose(true)}
      disableRestoreFocus
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        list: { 'aria-label': notificationMessages.menuLabel },
        paper: { sx: { width: 360, maxWidth: 'calc(100vw - 32px)', maxHeight: 'min(70vh, 480px)' } },
      }}
    >
      {notifications.length === 0 ? (
        // A menu holds menu items (ARIA): the empty state is one that does nothing, in readable grey.
        <MenuItem disabled sx={{ whiteSpace: 'normal', color: 'text.secondary', '&.Mui-disabled': { opacity: 1 } }}>
          {notificationMessages.empty}
        </MenuItem>
      ) : (
        notifications.map((notification) => (
          <MenuItem
            key={notification.id}
            component={RouterLink}
            to={notification.link}
            onClick={() => onClose(withoutTrailingSlash(notification.link) === withoutTrailingSlash(pathname))}
            sx={{ whiteSpace: 'normal', alignItems: 'flex-start', gap: 1 }}
          >
            <ListItemText
              primary={notification.text}
              secondary={unread(notification) ? `${notificationMessages.unread} · ${timeOf(notification)}` : timeOf(notification)}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere', fontWeight: unread(notification) ? 700 : 400 } } }}
            />
          </MenuItem>
        ))
      )}
    </Menu>
  );
}
