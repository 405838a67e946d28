import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { useAppSelector } from '@/app/hooks';
import { Header, type HeaderAccount } from '@/components/layout/Header';
import { selectIsStudentLoggedIn, selectIsTeacherLoggedIn } from '@/features/session/sessionSlices';

const AccountButton = lazy(async () => ({
  default: (await import(/* webpackChunkName: "account-button" */ './AccountButton')).AccountButton,
}));
const NotificationBells = lazy(async () => ({
  default: (await import(/* webpackChunkName: "account-button" */ '@/features/notifications/NotificationBells')).NotificationBells,
}));
const AccountDrawerEntries = lazy(async () => ({
  default: (await import(/* webpackChunkName: "account" */ './AccountDrawerEntries')).AccountDrawerEntries,
}));

/**
 * The site header with the account of whoever is logged in: the account button and its menu, the
 * same entries at the top of the phone menu, 'Teacher' / 'Students' leading to a logged-in side's
 * dashboard, and no 'APPLY AS A TEACHER' for a teacher; the notification bell of each logged-in side
 * (NotificationBells) before the account button. Logged out (and on a prerendered page until
 * it has hydrated), it is the plain header of spec section 2.1. The account's code loads only when
 * someone is logged in: a visitor's first download carries none of it.
 */
export function SiteHeader() {
  const student = useAppSelector(selectIsStudentLoggedIn);
  const teacher = useAppSelector(selectIsTeacherLoggedIn);
  const account: HeaderAccount | undefined =
    student || teacher
      ? {
          signedIn: { student, teacher },
          control: (
            // The bells (only where the provider serves notifications) beside the account button.
            <Box sx={{ display: 'flex', alignItems: 'center', flexShrink: 1, minWidth: 0 }}>
              <Suspense fallback={null}>
                <NotificationBells />
              </Suspense>
              <Suspense fallback={null}>
                <AccountButton />
              </Suspense>
            </Box>
          ),
          drawerEntries: (onNavigate) => (
            <Suspense fallback={null}>
              <AccountDrawerEntries onNavigate={onNavigate} />
            </Suspense>
          ),
        }
      : undefined;
  return <Header account={account} />;
}
