import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useState } from 'react';
import { api, useFetchEnrollStatusQuery } from '@/api';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectStudentId } from '@/features/session/sessionSlices';

/** How often the enrolment is read again while a payment is being confirmed. */
export const CONFIRMATION_POLL_MS = 2000;
/** How long it is read before the page says the confirmation is taking longer. */
export const CONFIRMATION_LIMIT_MS = 60_000;

/**
 * `waiting`: the payment is being confirmed (the enrolment is read every 2 s); `enrolled`: the
 * provider has recorded the enrolment; `pending`: a minute passed without it (the card
 * provider's confirmation has not reached the academy yet), or there is nothing to read (no
 * course or no student known), so the page cannot tell.
 */
export type EnrolmentConfirmation = 'waiting' | 'enrolled' | 'pending';

/**
 * After the card provider sent the student back, waits for the provider to record the enrolment
 * (the card provider tells it, not the browser's address): reads the enrolment status
 * (`fetch-enroll-status`) every 2 s for up to a minute, from a fresh read on. Once enrolled, My
 * Courses is read again. `courseId` null: nothing to wait for.
 */
export function useEnrolmentConfirmation(courseId: number | null): EnrolmentConfirmation {
  const studentId = useAppSelector(selectStudentId);
  const dispatch = useAppDispatch();
  const [timedOut, setTimedOut] = useState(false);
  const [seenEnrolled, setSeenEnrolled] = useState(false);
  const active = courseId !== null && studentId !== null;
  const { data } = useFetchEnrollStatusQuery(active ? { studentId, courseId } : skipToken, {
    pollingInterval: active && !timedOut && !seenEnrolled ? CONFIRMATION_POLL_MS : 0,
    // What was cached before the checkout says "not enrolled": read again.
    refetchOnMountOrArgChange: true,
  });
  const enrolled = active && data?.bool === true;
  // Polling stops once the enrolment shows (set while rendering, as React advises for derived state).
  if (enrolled && !seenEnrolled) setSeenEnrolled(true);

  useEffect(() => {
    if (!active || enrolled) return undefined;
    const timer = setTimeout(() => setTimedOut(true), CONFIRMATION_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [active, enrolled]);

  useEffect(() => {
    if (enrolled) dispatch(api.util.invalidateTags([{ type: 'Enrolment', id: 'LIST' }]));
  }, [enrolled, dispatch]);

  if (enrolled) return 'enrolled';
  return active && !timedOut ? 'waiting' : 'pending';
}
