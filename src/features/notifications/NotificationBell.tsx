import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { type Notification, useMarkNotificationsReadMutation } from '@/api';
import { notificationMessages } from './notificationMessages';
import { useNotifications } from './useNotifications';

const loadNotificationMenu = () => import(/* webpackChunkName: "account" */ './NotificationMenu');
const NotificationMenu = lazy(async () => ({ default: (await loadNotificationMenu()).NotificationMenu }));

/**
 * The header's bell of one logged-in side: the unread count in its name ('Notifications, 3
 * unread') and a badge, opening a menu of the newest notifications, each leading to its screen;
 * those shown unread are marked read as the menu opens. Nothing at all on a provider without the
 * notifications extension, nor before its first answer. The focus comes back to the bell when
 * the menu is dismissed (not when an entry opens another page, whose title takes it).
 */
export function NotificationBell({ side, personId, labelSide = false }: { side: 'student' | 'teacher'; personId: number; labelSide?: boolean }) {
  const { list } = useNotifications(side, personId);
  const [markRead] = useMarkNotificationsReadMutation();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  /** The bell, once pressed: the menu's anchor. */
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  /** The notifications unread when the menu opened: shown as unread while it stays open, though marked read meanwhile. */
  const [newlyRead, setNewlyRead] = useState<ReadonlySet<number>>(new Set());
  const buttonId = useId();
  const menuId = useId();
  if (list === null) return null;

  const unread = (notification: Notification) => notification.read_at === null || newlyRead.has(notification.id);
  const label = notificationMessages.bellLabel(list.unread, labelSide ? side : undefined);
  const close = (restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) button.current?.focus();
  };
  const openMenu = (target: HTMLElement) => {
    setAnchor(target);
    setOpen(true);
    const unread = list.notifications.filter((notification) => notification.read_at === null).map((notification) => notification.id);
    setNewlyRead(new Set(unread));
    if (unread.length > 0) {
      // A failure leaves them unread: the next poll shows them so again.
      markRead({ role: side, personId, notificationsReadForm: { ids: unread.join(',') } }).catch(() => undefined);
    }
  };
  return (
    <>
      <IconButton
        ref={button}
        id={buttonId}
        color="inherit"
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onPointerDown={() => void loadNotificationMenu()}
        onClick={(event) => openMenu(event.currentTarget)}
        sx={{ width: 48, height: 48, flexShrink: 0 }}
      >
        <Badge badgeContent={list.unread} color="error" max={99} aria-hidden>
          <NotificationsIcon sx={{ color: 'primary.main' }} />
        </Badge>
      </IconButton>
      {anchor ? (
        <Suspense fallback={null}>
          <NotificationMenu id={menuId} anchorEl={anchor} open={open} notifications={list.notifications} unread={unread} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
