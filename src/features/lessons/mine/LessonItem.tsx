import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Lesson } from '@/api';
import { paths } from '@/config/paths';
import { lessonMessages as messages } from '../lessonMessages';
import { zoneFormats } from '../lessonTime';

export type Side = 'student' | 'teacher';

/** Who cancelled, as the side reading it says it. */
function cancelledBy(lesson: Lesson, side: Side): string {
  if (lesson.cancelled_by === side) return messages.cancelledByYou;
  return lesson.cancelled_by === 'teacher' ? messages.cancelledByTeacher : messages.cancelledByStudent;
}

/** The lesson's status in words: booked, awaiting payment until its hold ends, or who cancelled it (the teacher's reason, the refund). */
function StatusLines({ lesson, side, timeZone }: { lesson: Lesson; side: Side; timeZone: string }) {
  if (lesson.status === 'booked') return <Typography sx={{ color: 'success.main', fontWeight: 600 }}>{messages.statusBooked}</Typography>;
  if (lesson.status === 'awaiting_payment') {
    return (
      <Typography sx={{ color: 'warning.main', fontWeight: 600 }}>
        {messages.statusAwaitingPayment(lesson.pay_until === null ? '' : zoneFormats(timeZone).dayAndTime(lesson.pay_until))}
      </Typography>
    );
  }
  return (
    <>
      <Typography sx={{ fontWeight: 600 }}>{cancelledBy(lesson, side)}</Typography>
      {lesson.cancel_reason ? <Typography sx={{ overflowWrap: 'anywhere' }}>{messages.teacherReason(lesson.cancel_reason)}</Typography> : null}
      {lesson.refund === null ? null : <Typography>{lesson.refund === 'full' ? messages.refundFull : messages.refundNone}</Typography>}
    </>
  );
}

/** What came after the lesson: the teacher's note and homework, the student's rating. */
function AfterLesson({ lesson, side }: { lesson: Lesson; side: Side }) {
  const homework = lesson.homework_assignment_id ?? null;
  return (
    <>
      {lesson.note ? (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{side === 'student' ? messages.teachersNote(lesson.note) : messages.yourNote(lesson.note)}</Typography>
      ) : null}
      {homework === null ? null : (
        <Link component={RouterLink} to={side === 'student' ? paths.studentAssignment(homework) : paths.teacherAssignment(homework)} sx={{ alignSelf: 'flex-start' }}>
          {messages.homework}
        </Link>
      )}
      {typeof lesson.rating === 'number' ? (
        <Typography>{side === 'student' ? messages.yourRating(lesson.rating) : messages.studentsRating(lesson.rating)}</Typography>
      ) : null}
      {lesson.rating_comment ? <Typography sx={{ overflowWrap: 'anywhere' }}>{lesson.rating_comment}</Typography> : null}
    </>
  );
}

/**
 * One lesson of My lessons: its title, the other person, the date and time in the viewer's zone
 * (named), the length and price, its status, and what the reader may do with it (`actions`).
 */
export function LessonItem({ lesson, side, timeZone, actions }: { lesson: Lesson; side: Side; timeZone: string; actions: ReactNode }) {
  const format = zoneFormats(timeZone);
  return (
    <Box
      component="li"
      aria-label={lesson.title}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Stack spacing={0.25} sx={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {lesson.title}
        </Typography>
        <Typography>{side === 'student' ? messages.withTeacher(lesson.teacher_name) : messages.withStudent(lesson.student_name)}</Typography>
        <Typography>{messages.lessonTime(format.date(lesson.starts_at), format.time(lesson.starts_at), format.time(lesson.ends_at), timeZone)}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {messages.minutes(lesson.minutes)} · {lesson.free_trial ? messages.freeTrial : messages.price(lesson.price)}
        </Typography>
        <StatusLines lesson={lesson} side={side} timeZone={timeZone} />
        <AfterLesson lesson={lesson} side={side} />
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {actions}
      </Stack>
    </Box>
  );
}
