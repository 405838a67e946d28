import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { paths } from '@/config/paths';
import type { FromState } from '@/features/session/guards';
import { selectIsTeacherLoggedIn } from '@/features/session/sessionSlices';
import { EnrolButton } from './EnrolButton';
import { rememberEnrolIntent, takeEnrolIntent } from './enrolIntent';
import { LoadError } from '@/components/LoadError';
import { messages } from './messages';
import { RatingControl } from './RatingControl';
import { useEnrolmentStatus } from './useEnrolmentStatus';

/**
 * A visitor's 'Enroll Now': remembers the wish (enrolIntent) and opens the student login, which
 * also leads to registration; once logged in the student comes back here and the enrolment goes
 * on. The spec's 'Please login to enroll in this course' stays under it, as its description.
 */
function VisitorEnrol({ courseId }: { courseId: number }) {
  const navigate = useNavigate();
  const explanationId = useId();
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="contained"
        size="large"
        aria-describedby={explanationId}
        onClick={() => {
          rememberEnrolIntent(courseId);
          void navigate(paths.studentLogin, { state: { from: paths.courseDetail(courseId) } satisfies FromState });
        }}
      >
        {messages.enrolNow}
      </Button>
      <Typography id={explanationId} color="text.secondary">
        {messages.loginToEnrol}
      </Typography>
    </Stack>
  );
}

/**
 * The block that depends on who looks (spec section 4): Enroll Now for a visitor (through the
 * login), Enroll Now for a student, or enrolled and rating; a teacher is told that students enrol.
 * A student back from the login with an enrolment under way (enrolIntent) is enrolled at once (a
 * free course) or sent to the checkout (a paid one). After a free enrolment on this page the line
 * reads 'You are now enrolled in this course.' and takes the focus (the button that had it is
 * gone): the focus says the outcome, once, and nothing contradicts it ('already enrolled' is for a
 * student who was enrolled before). Back from a paid checkout (`justPaid`) the line is the payment's
 * confirmation, focused the same way; on a later visit it is 'already enrolled'.
 */
export function EnrolmentPanel({
  courseId,
  free,
  justPaid = false,
  confirming: confirmingPayment = false,
}: {
  courseId: number;
  free: boolean;
  justPaid?: boolean;
  /** A payment is being confirmed (the page says so): no Enroll Now meanwhile, which would start another checkout. */
  confirming?: boolean;
}) {
  const { studentId, data, isError, refetch } = useEnrolmentStatus(courseId);
  const teacherLoggedIn = useAppSelector(selectIsTeacherLoggedIn);
  const [justEnrolled, setJustEnrolled] = useState(false);
  const enrolledLine = useRef<HTMLParagraphElement>(null);
  const enrolled = data?.bool === true;

  const confirming = justEnrolled || justPaid;

  useEffect(() => {
    if (confirming && enrolled) enrolledLine.current?.focus();
  }, [confirming, enrolled]);

  useEffect(() => {
    // A student who came back to enrol but already is: the wish is spent (EnrolButton takes the others).
    if (studentId !== null && enrolled) takeEnrolIntent(courseId);
  }, [studentId, enrolled, courseId]);

  if (studentId === null) {
    return teacherLoggedIn ? <Typography>{messages.teachersDoNotEnrol}</Typography> : <VisitorEnrol courseId={courseId} />;
  }
  if (data === undefined) {
    return isError ? (
      <LoadError message={messages.enrolStatusFailed} onRetry={() => void refetch()} />
    ) : (
      <Skeleton variant="rounded" width={160} height={42} />
    );
  }
  if (!data.bool) {
    if (confirmingPayment) return null;
    return <EnrolButton courseId={courseId} studentId={studentId} free={free} onEnrolled={() => setJustEnrolled(true)} />;
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography
        ref={enrolledLine}
        tabIndex={-1}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'success.main', fontWeight: 600, outline: 'none' }}
      >
        <CheckCircleIcon aria-hidden="true" />
        {justEnrolled ? messages.enrolled : justPaid ? messages.checkoutSuccess : messages.alreadyEnrolled}
      </Typography>
      <RatingControl courseId={courseId} studentId={studentId} rated={data.rated} />
    </Stack>
  );
}
