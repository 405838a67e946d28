import { AreaFrame } from '@/components/AreaFrame';
import { useUnreadCounts } from '@/features/messaging/useUnreadCounts';
import { useReviewDeck } from '@/features/practice/useReviewDeck';
import { useFavoriteCourses } from '../favorites/useFavoriteCourses';
import { studentAreaMessages as messages } from './messages';
import { studentAreaLinks } from './studentAreaLinks';

/**
 * The student area's routes: the student sidebar beside the screen. 'Favourite Courses' and
 * 'Review' are left out on a provider without the favourites or the review deck extension.
 */
export function StudentAreaLayout() {
  const { unsupported } = useFavoriteCourses();
  const unread = useUnreadCounts('student');
  const deck = useReviewDeck();
  return <AreaFrame label={messages.areaNavLabel} links={studentAreaLinks({ favorites: !unsupported, review: !deck.unsupported, unread: unread.total })} />;
}
