import { lazy, Suspense } from 'react';
import { Header, type HeaderAccount } from '@/components/layout/Header';
import { AccountButton } from './AccountButton';
import { useSignedInPeople } from './useSignedInPeople';

const AccountDrawerEntries = lazy(async () => ({
  default: (await import(/* webpackChunkName: "account" */ './AccountDrawerEntries')).AccountDrawerEntries,
}));

/**
 * The site header with the account of whoever is logged in: the account button and its menu, the
 * same entries at the top of the phone menu, and 'Teacher' / 'Students' leading to a logged-in
 * side's dashboard. Logged out (and on a prerendered page until it has hydrated), it is the plain
 * header of spec section 2.1.
 */
export function SiteHeader() {
  const people = useSignedInPeople();
  const signedIn = { student: people.student !== null, teacher: people.teacher !== null };
  const account: HeaderAccount | undefined =
    signedIn.student || signedIn.teacher
      ? {
          signedIn,
          control: <AccountButton people={people} />,
          drawerEntries: (onNavigate) => (
            <Suspense fallback={null}>
              <AccountDrawerEntries onNavigate={onNavigate} />
            </Suspense>
          ),
        }
      : undefined;
  return <Header account={account} />;
}
