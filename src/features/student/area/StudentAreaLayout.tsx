import { useEffect } from 'react';
import { useAppSelector } from '@/app/hooks';
import { AreaFrame } from '@/components/AreaFrame';
import { useStudentLessonsListed } from '@/features/lessons/useBookingsListed';
import { useUnreadCounts } from '@/features/messaging/useUnreadCounts';
import { useReviewDeck } from '@/features/practice/useReviewDeck';
import { selectStudentId } from '@/features/session/sessionSlices';
import { keepRenderedReads } from '@/offline/keepRenderedReads';
import { useFavoriteCourses } from '../favorites/useFavoriteCourses';
import { studentAreaMessages as messages } from './messages';
import { studentAreaLinks } from './studentAreaLinks';

/**
 * The student area's routes: the student sidebar beside the screen. 'Favourite Courses', 'Review'
 * and 'My lessons' are left out on a provider without the favourites, the review deck or the
 * lessons extension.
 */
export function StudentAreaLayout() {
  const { unsupported } = useFavoriteCourses();
  const unread = useUnreadCounts('student');
  const deck = useReviewDeck();
  const lessons = useStudentLessonsListed(useAppSelector(selectStudentId));
  useEffect(() => void keepRenderedReads(), []);
  return (
    <AreaFrame
      label={messages.areaNavLabel}
      links={studentAreaLinks({ favorites: !unsupported, review: !deck.unsupported, lessons, unread: unread.total })}
    />
  );
}
