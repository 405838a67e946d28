import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { FromState } from '@/features/session/guards';
import { EnrolButton } from './EnrolButton';
import { LoadError } from '@/components/LoadError';
import { messages } from './messages';
import { RatingControl } from './RatingControl';
import { useEnrolmentStatus } from './useEnrolmentStatus';

/**
 * The block that depends on who looks (spec section 4): login link, Enroll Now, or enrolled and
 * rating. After a free enrolment on this page the line reads 'You are now enrolled in this
 * course.' and takes the focus (the button that had it is gone): the focus says the outcome, once,
 * and nothing contradicts it ('already enrolled' is for a student who was enrolled before).
 */
export function EnrolmentPanel({ courseId, free }: { courseId: number; free: boolean }) {
  const { studentId, data, isError, refetch } = useEnrolmentStatus(courseId);
  const [justEnrolled, setJustEnrolled] = useState(false);
  const enrolledLine = useRef<HTMLParagraphElement>(null);
  const enrolled = data?.bool === true;

  useEffect(() => {
    if (justEnrolled && enrolled) enrolledLine.current?.focus();
  }, [justEnrolled, enrolled]);

  if (studentId === null) {
    return (
      <Link
        component={RouterLink}
        to={paths.studentLogin}
        state={{ from: paths.courseDetail(courseId) } satisfies FromState}
        variant="h6"
      >
        {messages.loginToEnrol}
      </Link>
    );
  }
  if (data === undefined) {
    return isError ? (
      <LoadError message={messages.enrolStatusFailed} onRetry={() => void refetch()} />
    ) : (
      <Skeleton variant="rounded" width={160} height={42} />
    );
  }
  if (!data.bool) return <EnrolButton courseId={courseId} studentId={studentId} free={free} onEnrolled={() => setJustEnrolled(true)} />;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography
        ref={enrolledLine}
        tabIndex={-1}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'success.main', fontWeight: 600, outline: 'none' }}
      >
        <CheckCircleIcon aria-hidden="true" />
        {justEnrolled ? messages.enrolled : messages.alreadyEnrolled}
      </Typography>
      <RatingControl courseId={courseId} studentId={studentId} rated={data.rated} />
    </Stack>
  );
}
