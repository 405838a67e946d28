import { skipToken } from '@reduxjs/toolkit/query/react';
import { useAppSelector } from '@/app/hooks';
import { useGetTeacherDashboardQuery, useGetTeacherQuery } from '@/api';
import { CountCards } from '@/components/CountCards';
import { LoadErrorDialog } from '@/components/LoadErrorDialog';
import { Greeting } from '@/components/Greeting';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { teacherAreaMessages as messages } from './messages';

type TeacherArg = { id: number } | typeof skipToken;

/** The first word of a full name, or undefined when there is none. */
function firstName(fullName: string | undefined): string | undefined {
  return fullName?.trim().split(/\s+/)[0] || undefined;
}

/**
 * 'Welcome, {first name}', or 'Welcome, Teacher' without a name; 'Failed to get teacher data'
 * with Retry when the name cannot be read.
 */
function TeacherGreeting({ arg }: { arg: TeacherArg }) {
  const { currentData, isError, refetch } = useGetTeacherQuery(arg);
  const loading = !isError && currentData === undefined;
  return (
    <Greeting
      text={loading ? null : messages.greeting(firstName(currentData?.full_name) ?? messages.greetingFallbackName)}
      loadingLabel={messages.loadingGreeting}
      failure={isError ? { message: messages.teacherFailed, onRetry: refetch } : undefined}
    />
  );
}

/** The three counts; a missing count shows 0. A failure opens the 'Error' popup. */
function TeacherCounts({ arg }: { arg: TeacherArg }) {
  const { currentData, isError, refetch, requestId } = useGetTeacherDashboardQuery(arg);
  if (isError) return <LoadErrorDialog key={requestId} title={messages.errorTitle} message={messages.dashboardFailed} onRetry={refetch} />;
  return (
    <CountCards
      loading={currentData === undefined}
      loadingLabel={messages.loadingDashboard}
      items={[
        { label: messages.totalCourses, count: currentData?.total_teacher_courses ?? 0, to: paths.teacherCourses },
        { label: messages.totalStudents, count: currentData?.total_teacher_students ?? 0, to: paths.myStudents },
        { label: messages.totalChapters, count: currentData?.total_teacher_chapters ?? 0, to: paths.teacherCourses },
      ]}
    />
  );
}

/** /teacher-dashboard: a greeting and the teacher's counts (spec section 2.5). */
export function TeacherDashboardPage() {
  const teacherId = useAppSelector(selectTeacherId);
  const arg: TeacherArg = teacherId === null ? skipToken : { id: teacherId };
  return (
    <PageHeading title={messages.dashboardTitle}>
      <TeacherGreeting arg={arg} />
      <TeacherCounts arg={arg} />
    </PageHeading>
  );
}
