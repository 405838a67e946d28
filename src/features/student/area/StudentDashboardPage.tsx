import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useAppSelector } from '@/app/hooks';
import { useGetStudentDashboardQuery, useGetStudentQuery } from '@/api';
import { CountCards } from '@/components/CountCards';
import { LoadError } from '@/components/LoadError';
import { LoadErrorDialog } from '@/components/LoadErrorDialog';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { selectStudentId } from '@/features/session/sessionSlices';
import { studentAreaMessages as messages } from './messages';

type StudentArg = { studentId: number } | typeof skipToken;

/** 'Welcome, {full name}'; 'Failed to get student data' with Retry when the name cannot be read. */
function StudentGreeting({ arg }: { arg: StudentArg }) {
  const { currentData, isError, refetch } = useGetStudentQuery(arg);
  if (!isError && currentData === undefined) {
    return (
      <Typography variant="h5" component="p" role="status" aria-label={messages.loadingGreeting} sx={{ mb: 3 }}>
        <Skeleton width={240} />
      </Typography>
    );
  }
  const name = currentData?.full_name?.trim() || messages.greetingFallbackName;
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h5" component="p" sx={{ mb: isError ? 2 : 0 }}>
        {messages.greeting(name)}
      </Typography>
      {isError ? <LoadError message={messages.studentFailed} onRetry={refetch} /> : null}
    </Box>
  );
}

/** The counts; a missing count shows 0. A failure opens the 'Error' popup. */
function StudentCounts({ arg }: { arg: StudentArg }) {
  const { currentData, isError, refetch, requestId } = useGetStudentDashboardQuery(arg);
  if (isError) return <LoadErrorDialog key={requestId} title={messages.errorTitle} message={messages.dashboardFailed} onRetry={refetch} />;
  return (
    <CountCards
      loading={currentData === undefined}
      loadingLabel={messages.loadingDashboard}
      items={[
        { label: messages.enrolledCourses, count: currentData?.enrolled_courses ?? 0, to: paths.myCourses },
        { label: messages.completedAssignments, count: currentData?.complete_assignments ?? 0, to: paths.myAssignments },
        { label: messages.pendingAssignments, count: currentData?.pending_assignments ?? 0, to: paths.myAssignments },
      ]}
    />
  );
}

/** /student-dashboard: a greeting and the student's counts (spec section 2.4). */
export function StudentDashboardPage() {
  const studentId = useAppSelector(selectStudentId);
  const arg: StudentArg = studentId === null ? skipToken : { studentId };
  return (
    <PageHeading title={messages.dashboardTitle}>
      <StudentGreeting arg={arg} />
      <StudentCounts arg={arg} />
    </PageHeading>
  );
}
