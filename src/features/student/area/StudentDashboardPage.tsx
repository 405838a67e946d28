import { skipToken } from '@reduxjs/toolkit/query/react';
import { useAppSelector } from '@/app/hooks';
import { useGetStudentDashboardQuery, useGetStudentQuery } from '@/api';
import { CountCards } from '@/components/CountCards';
import { LoadErrorDialog } from '@/components/LoadErrorDialog';
import { Greeting } from '@/components/Greeting';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { selectStudentId } from '@/features/session/sessionSlices';
import { studentAreaMessages as messages } from './messages';

type StudentArg = { studentId: number } | typeof skipToken;

/** 'Welcome, {full name}'; 'Failed to get student data' with Retry when the name cannot be read. */
function StudentGreeting({ arg }: { arg: StudentArg }) {
  const { currentData, isError, refetch } = useGetStudentQuery(arg);
  const loading = !isError && currentData === undefined;
  return (
    <Greeting
      text={loading ? null : messages.greeting(currentData?.full_name?.trim() || messages.greetingFallbackName)}
      loadingLabel={messages.loadingGreeting}
      failure={isError ? { message: messages.studentFailed, onRetry: refetch } : undefined}
    />
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
