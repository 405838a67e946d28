import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { FromState } from '@/features/session/guards';
import { EnrolButton } from './EnrolButton';
import { LoadError } from '@/components/LoadError';
import { messages } from './messages';
import { RatingControl } from './RatingControl';
import { useEnrolmentStatus } from './useEnrolmentStatus';

/** The block that depends on who looks (spec section 4): login link, Enroll Now, or enrolled and rating. */
export function EnrolmentPanel({ courseId }: { courseId: number }) {
  const { studentId, data, isError, refetch } = useEnrolmentStatus(courseId);

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
  if (!data.bool) return <EnrolButton courseId={courseId} studentId={studentId} />;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'success.main', fontWeight: 600 }}>
        <CheckCircleIcon aria-hidden="true" />
        {messages.alreadyEnrolled}
      </Typography>
      <RatingControl courseId={courseId} studentId={studentId} rated={data.rated} />
    </Stack>
  );
}
