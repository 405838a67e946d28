import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorText, type Lesson, type LessonList, lessonsApi } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { useToasts } from '@/components/toasts/useToasts';
import { useCheckoutReturn } from '@/features/courses/useCheckoutReturn';
import { selectStudentId, selectTeacherId } from '@/features/session/sessionSlices';
import { paths } from '@/config/paths';
import { useNow } from '@/hooks/useNow';
import { CheckoutError, goToLessonCheckout } from '../lessonCheckout';
import { lessonMessages as messages } from '../lessonMessages';
import { zoneFormats } from '../lessonTime';
import { useViewerTimeZone } from '../useViewerTimeZone';
import { CalendarFeed } from './CalendarFeed';
import { CancelLessonDialog } from './CancelLessonDialog';
import { MoveLessonDialog } from './MoveLessonDialog';
import { LessonNoteDialog } from './LessonNoteDialog';
import { MyLessons } from './MyLessons';
import { RateLessonDialog } from './RateLessonDialog';
import { useListPlace } from './useListPlace';

/** The hold the checkout was for: the latest of the upcoming lessons awaiting payment. */
const latestHold = (list: LessonList | undefined): string | null =>
  (list?.lessons ?? [])
    .flatMap((lesson) => (lesson.status === 'awaiting_payment' && lesson.pay_until !== null ? [lesson.pay_until] : []))
    .sort()
    .at(-1) ?? null;

/** The dialog open over the list. */
type Open = { dialog: 'cancel' | 'move' | 'rate'; lesson: Lesson } | null;

const ROOM_MARGIN_MS = 10 * 60_000;

/** 'Join' while the lesson's room is open: from 10 minutes before the start to 10 minutes after the end. */
function JoinAction({ lesson, now }: { lesson: Lesson; now: number }) {
  const open = lesson.status === 'booked' && now >= Date.parse(lesson.starts_at) - ROOM_MARGIN_MS && now < Date.parse(lesson.ends_at) + ROOM_MARGIN_MS;
  if (!open) return null;
  return (
    <Button variant="contained" component={RouterLink} to={paths.lessonRoom(lesson.id)} aria-label={messages.joinLesson(lesson.title)}>
      {messages.join}
    </Button>
  );
}

/**
 * /student-lessons (extension, issue 40): the student's lessons (MyLessons), each with what may be
 * done with it now: Pay while it awaits payment (the same booking again, to its checkout), Move
 * before `cancellable_until`, Cancel before it starts, Join while its room is open, Rate once it
 * has ended. The checkout sends the browser back here with
 * `?checkout=success` (the lesson is booked) or `?checkout=cancel` (nothing paid; the time stays
 * held until the hold ends).
 */
export function StudentLessonsPage() {
  const studentId = useAppSelector(selectStudentId);
  const { when, page, setWhen, setPage } = useListPlace();
  const list = lessonsApi.useGetStudentLessonsQuery(studentId === null ? skipToken : { studentId, when, page });
  const [timeZone, setTimeZone] = useViewerTimeZone();
  const [open, setOpen] = useState<Open>(null);
  const [payingId, setPayingId] = useState<number | null>(null);
  const [bookLesson] = lessonsApi.useBookLessonMutation();
  const [loadCalendar, calendar] = lessonsApi.useLazyGetStudentLessonCalendarQuery();
  const [renewCalendar, renewal] = lessonsApi.useRenewStudentLessonCalendarMutation();
  const { outcome, dismiss } = useCheckoutReturn();
  const { enqueueSnackbar } = useToasts();
  const now = useNow();

  async function pay(lesson: Lesson) {
    if (studentId === null || lesson.lesson_type_id === null) return;
    setPayingId(lesson.id);
    try {
      const { checkout } = await bookLesson({
        lessonBookingForm: { student_id: String(studentId), lesson_type_id: String(lesson.lesson_type_id), starts_at: lesson.starts_at },
      }).unwrap();
      if (checkout !== null) await goToLessonCheckout(checkout);
    } catch (error) {
      enqueueSnackbar(error instanceof CheckoutError ? error.message : errorText(error, messages.payFailed), { variant: 'error' });
    }
    setPayingId(null);
  }

  const actions = (lesson: Lesson) => {
    if (lesson.status === 'cancelled') return null;
    if (Date.parse(lesson.starts_at) <= now.getTime()) {
      const ended = lesson.status === 'booked' && Date.parse(lesson.ends_at) <= now.getTime();
      return (
        <>
          <JoinAction lesson={lesson} now={now.getTime()} />
          {ended ? (
            <Button aria-label={messages.rateLessonNamed(lesson.title)} aria-haspopup="dialog" onClick={() => setOpen({ dialog: 'rate', lesson })}>
              {messages.rate}
            </Button>
          ) : null}
        </>
      );
    }
    const movable = lesson.status === 'booked' && now.getTime() < Date.parse(lesson.cancellable_until);
    return (
      <>
        <JoinAction lesson={lesson} now={now.getTime()} />
        {lesson.status === 'awaiting_payment' && lesson.lesson_type_id !== null ? (
          <Button variant="contained" aria-label={messages.payFor(lesson.title)} disabled={payingId !== null} onClick={() => void pay(lesson)}>
            {payingId === lesson.id ? messages.paying : messages.pay}
          </Button>
        ) : null}
        {movable ? (
          <Button aria-label={messages.moveLesson(lesson.title)} aria-haspopup="dialog" onClick={() => setOpen({ dialog: 'move', lesson })}>
            {messages.move}
          </Button>
        ) : null}
        <Button color="error" aria-label={messages.cancelLesson(lesson.title)} aria-haspopup="dialog" onClick={() => setOpen({ dialog: 'cancel', lesson })}>
          {messages.cancel}
        </Button>
      </>
    );
  };

  let notice = null;
  if (outcome === 'success') {
    notice = (
      <Alert severity="success" onClose={dismiss}>
        {messages.checkoutSuccess}
      </Alert>
    );
  } else if (outcome === 'cancel') {
    const holdEnds = latestHold(when === 'upcoming' ? list.data : undefined);
    notice = (
      <Alert severity="info" onClose={dismiss}>
        {holdEnds === null ? messages.checkoutCancelNoHold : messages.checkoutCancel(zoneFormats(timeZone).dayAndTime(holdEnds))}
      </Alert>
    );
  }

  return (
    <>
      <MyLessons
        side="student"
        when={when}
        page={page}
        onWhen={setWhen}
        onPage={setPage}
        list={list}
        timeZone={timeZone}
        onTimeZone={setTimeZone}
        actions={actions}
        notice={notice}
        calendar={
          <CalendarFeed
            address={calendar}
            onShow={() => {
              if (studentId !== null) void loadCalendar({ studentId });
            }}
            onRenew={() => (studentId === null ? Promise.resolve() : renewCalendar({ studentId }).unwrap())}
            renewing={renewal.isLoading}
          />
        }
      />
      {open?.dialog === 'cancel' ? <CancelLessonDialog lesson={open.lesson} side="student" timeZone={timeZone} onClose={() => setOpen(null)} /> : null}
      {open?.dialog === 'move' ? <MoveLessonDialog lesson={open.lesson} timeZone={timeZone} onClose={() => setOpen(null)} /> : null}
      {open?.dialog === 'rate' ? <RateLessonDialog lesson={open.lesson} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

/**
 * /teacher-my-lessons (extension, issue 40): the lessons students booked with the teacher
 * (MyLessons, with each student's name; lessons awaiting payment are the student's until paid),
 * Cancel before a lesson starts (with the reason the student reads: they get a full refund), Join
 * while its room is open, the note (and homework) once it has started, and the calendar feed.
 */
export function TeacherMyLessonsPage() {
  const teacherId = useAppSelector(selectTeacherId);
  const { when, page, setWhen, setPage } = useListPlace();
  const list = lessonsApi.useGetTeacherBookingsQuery(teacherId === null ? skipToken : { teacherId, when, page });
  const [timeZone, setTimeZone] = useViewerTimeZone();
  const [cancelling, setCancelling] = useState<Lesson | null>(null);
  const [noting, setNoting] = useState<Lesson | null>(null);
  const [loadCalendar, calendar] = lessonsApi.useLazyGetTeacherLessonCalendarQuery();
  const [renewCalendar, renewal] = lessonsApi.useRenewTeacherLessonCalendarMutation();

  const now = useNow();

  const actions = (lesson: Lesson) => {
    if (lesson.status !== 'booked') return null;
    const started = Date.parse(lesson.starts_at) <= now.getTime();
    return (
      <>
        <JoinAction lesson={lesson} now={now.getTime()} />
        {started ? (
          <Button aria-label={messages.writeNoteFor(lesson.title)} aria-haspopup="dialog" onClick={() => setNoting(lesson)}>
            {lesson.note ? messages.editNote : messages.writeNote}
          </Button>
        ) : (
          <Button color="error" aria-label={messages.cancelLesson(lesson.title)} aria-haspopup="dialog" onClick={() => setCancelling(lesson)}>
            {messages.cancel}
          </Button>
        )}
      </>
    );
  };

  return (
    <>
      <MyLessons
        side="teacher"
        when={when}
        page={page}
        onWhen={setWhen}
        onPage={setPage}
        list={list}
        timeZone={timeZone}
        onTimeZone={setTimeZone}
        actions={actions}
        calendar={
          <CalendarFeed
            address={calendar}
            onShow={() => {
              if (teacherId !== null) void loadCalendar({ teacherId });
            }}
            onRenew={() => (teacherId === null ? Promise.resolve() : renewCalendar({ teacherId }).unwrap())}
            renewing={renewal.isLoading}
          />
        }
      />
      {cancelling === null ? null : <CancelLessonDialog lesson={cancelling} side="teacher" timeZone={timeZone} onClose={() => setCancelling(null)} />}
      {noting === null ? null : <LessonNoteDialog lesson={noting} onClose={() => setNoting(null)} />}
    </>
  );
}
