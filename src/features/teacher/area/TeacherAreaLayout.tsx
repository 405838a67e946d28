import { AreaFrame } from '@/components/AreaFrame';
import { useUnreadCounts } from '@/features/messaging/useUnreadCounts';
import { teacherAreaMessages as messages } from './messages';
import { teacherAreaLinks } from './teacherAreaLinks';

/** The teacher area's routes: the teacher sidebar beside the screen. */
export function TeacherAreaLayout() {
  const unread = useUnreadCounts('teacher');
  return <AreaFrame label={messages.areaNavLabel} links={teacherAreaLinks({ unread: unread.total })} />;
}
