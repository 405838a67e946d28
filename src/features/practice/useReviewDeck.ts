import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { isUnsupported, type ReviewCard, useGetReviewDeckQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { selectStudentId } from '@/features/session/sessionSlices';

/** The cards due at `now`, the longest overdue first. */
export function dueCards(cards: readonly ReviewCard[], now: number): ReviewCard[] {
  return cards.filter((card) => Date.parse(card.due) <= now).sort((a, b) => Date.parse(a.due) - Date.parse(b.due));
}

/**
 * The logged-in student's review deck (`getReviewDeck`; kept by the service worker for use
 * offline, as every read of the student's), with the cards due now. `unsupported` is true on a
 * provider without the deck (it answers 404), so that Review and its count are hidden there.
 */
export function useReviewDeck() {
  const studentId = useAppSelector(selectStudentId);
  const query = useGetReviewDeckQuery(studentId === null ? skipToken : undefined);
  const unsupported = query.data === undefined && query.isError && isUnsupported(query.error);
  // Due as of when the screen opened: a count that moves on its own while read would only distract.
  const [now] = useState(() => Date.now());
  return { ...query, unsupported, due: dueCards(query.data?.cards ?? [], now) };
}
