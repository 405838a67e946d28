import { AreaFrame } from '@/components/AreaFrame';
import { useUnreadCounts } from '@/features/messaging/useUnreadCounts';
import { useFavoriteCourses } from '../favorites/useFavoriteCourses';
import { studentAreaMessages as messages } from './messages';
import { studentAreaLinks } from './studentAreaLinks';

/**
 * The student area's routes: the student sidebar beside the screen. 'Favourite Courses' is left
 * out on a provider without the favourites extension.
 */
export function StudentAreaLayout() {
  const { unsupported } = useFavoriteCourses();
  const unread = useUnreadCounts('student');
  return <AreaFrame label={messages.areaNavLabel} links={studentAreaLinks({ favorites: !unsupported, unread: unread.total })} />;
}
