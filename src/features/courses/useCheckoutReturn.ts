import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '@/api';
import { useAppDispatch } from '@/app/hooks';

/** How the hosted checkout sent the student back (`?checkout=success|cancel`). */
export type CheckoutOutcome = 'success' | 'cancel';

const MARKER = 'checkout';

function readOutcome(value: string | null): CheckoutOutcome | null {
  return value === 'success' || value === 'cancel' ? value : null;
}

/**
 * Reads the checkout marker the provider adds when it sends the student back, then removes it
 * from the address (replacing the history entry, so a reload does not repeat it). The marker
 * proves nothing: after a payment the course page reads the enrolment until the provider has
 * recorded it (`useEnrolmentConfirmation`), and My Courses is read again.
 */
export function useCheckoutReturn(): { outcome: CheckoutOutcome | null; dismiss: () => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const marker = readOutcome(searchParams.get(MARKER));
  const [outcome, setOutcome] = useState<CheckoutOutcome | null>(marker);
  const [shownMarker, setShownMarker] = useState<CheckoutOutcome | null>(marker);

  if (marker !== shownMarker) {
    setShownMarker(marker);
    if (marker !== null) setOutcome(marker);
  }

  useEffect(() => {
    if (marker === null) return;
    if (marker === 'success') dispatch(api.util.invalidateTags([{ type: 'Enrolment', id: 'LIST' }]));
    setSearchParams(
      (params) => {
        params.delete(MARKER);
        return params;
      },
      { replace: true },
    );
  }, [marker, dispatch, setSearchParams]);

  return { outcome, dismiss: () => setOutcome(null) };
}
