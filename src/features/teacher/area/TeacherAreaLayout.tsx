import { useAppSelector } from '@/app/hooks';
import { AreaFrame } from '@/components/AreaFrame';
import { useTeacherBookingsListed } from '@/features/lessons/useBookingsListed';
import { useUnreadCounts } from '@/features/messaging/useUnreadCounts';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { useAnswersToMark } from '../assignments/useAnswersToMark';
import { useLessonsOffered } from '../lessons/useLessonsOffered';
import { teacherAreaMessages as messages } from './messages';
import { teacherAreaLinks } from './teacherAreaLinks';

/**
 * The teacher area's routes: the teacher sidebar beside the screen (Answers with its count where
 * the provider collects answers, Lessons and My lessons where it offers them).
 */
export function TeacherAreaLayout() {
  const teacherId = useAppSelector(selectTeacherId);
  const unread = useUnreadCounts('teacher');
  const answers = useAnswersToMark(teacherId);
  const lessons = useLessonsOffered(teacherId);
  const myLessons = useTeacherBookingsListed(teacherId);
  return (
    <AreaFrame
      label={messages.areaNavLabel}
      links={teacherAreaLinks({ unread: unread.total, answers: answers.supported ? { count: answers.count } : undefined, lessons, myLessons })}
    />
  );
}
