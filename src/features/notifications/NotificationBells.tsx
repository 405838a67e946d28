import { useAppSelector } from '@/app/hooks';
import { selectStudentId, selectTeacherId } from '@/features/session/sessionSlices';
import { NotificationBell } from './NotificationBell';

/** The header's bells: one for each logged-in side (named by its side when both are). */
export function NotificationBells() {
  const studentId = useAppSelector(selectStudentId);
  const teacherId = useAppSelector(selectTeacherId);
  const both = studentId !== null && teacherId !== null;
  return (
    <>
      {studentId !== null ? <NotificationBell side="student" personId={studentId} labelSide={both} /> : null}
      {teacherId !== null ? <NotificationBell side="teacher" personId={teacherId} labelSide={both} /> : null}
    </>
  );
}
