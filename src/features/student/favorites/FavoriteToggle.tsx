import { lazy, Suspense } from 'react';
import { useAppSelector } from '@/app/hooks';
import { selectStudentId } from '@/features/session/sessionSlices';
import type { FavoriteToggleProps } from './FavoriteToggleButton';

const FavoriteToggleButton = lazy(async () => ({
  default: (await import(/* webpackChunkName: "favorites" */ './FavoriteToggleButton')).FavoriteToggleButton,
}));

/**
 * A course's favourite toggle (FavoriteToggleButton), on course cards and the course page. Only a
 * logged-in student has one, so its code (with the tooltip's Popper, 15 KB gzip) loads for them
 * alone: a visitor's course pages and lists carry none of it.
 */
export function FavoriteToggle(props: FavoriteToggleProps) {
  const studentId = useAppSelector(selectStudentId);
  if (studentId === null) return null;
  return (
    <Suspense fallback={null}>
      <FavoriteToggleButton {...props} />
    </Suspense>
  );
}
