import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { dismissFailureToasts } from './toastQueue';

/**
 * A layout route around every screen: when the reader moves to another page, the failure toasts
 * of the page they left close (`dismissFailureToasts`); a change of the query alone (a filter, a
 * page of results) keeps them.
 */
export function DismissStaleToasts() {
  const { pathname } = useLocation();
  useEffect(() => dismissFailureToasts(), [pathname]);
  return <Outlet />;
}
