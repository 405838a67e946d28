import { skipToken } from '@reduxjs/toolkit/query/react';
import { useAppSelector } from '@/app/hooks';
import { useGetStudentDashboardQuery, useGetStudentQuery } from '@/api';
import { DashboardPage } from '@/components/DashboardPage';
import { paths } from '@/config/paths';
import { selectStudentId } from '@/features/session/sessionSlices';
import { ContinueLearningCard } from './ContinueLearningCard';
import { studentAreaMessages as messages } from './messages';

/**
 * /student-dashboard (spec section 2.4): 'Welcome, {full name}' and the student's counts, each
 * linking to its list (the assignment counts to My Assignments filtered to match); a missing count
 * shows 0. Under them, 'Continue learning' once the student has watched something.
 */
export function StudentDashboardPage() {
  const studentId = useAppSelector(selectStudentId);
  const arg = studentId === null ? skipToken : { studentId };
  const student = useGetStudentQuery(arg);
  const dashboard = useGetStudentDashboardQuery(arg);
  return (
    <DashboardPage
      person={student}
      counts={dashboard}
      greeting={(record) => messages.greeting(record?.full_name?.trim() || messages.greetingFallbackName)}
      countItems={(counts) => [
        { label: messages.enrolledCourses, count: counts?.enrolled_courses ?? 0, to: paths.myCourses },
        { label: messages.completedAssignments, count: counts?.complete_assignments ?? 0, to: paths.myAssignmentsWithStatus('completed') },
        { label: messages.pendingAssignments, count: counts?.pending_assignments ?? 0, to: paths.myAssignmentsWithStatus('pending') },
      ]}
      texts={{
        title: messages.dashboardTitle,
        loadingGreeting: messages.loadingGreeting,
        personFailed: messages.studentFailed,
        loadingCounts: messages.loadingDashboard,
        errorTitle: messages.errorTitle,
        countsFailed: messages.dashboardFailed,
      }}
    >
      <ContinueLearningCard />
    </DashboardPage>
  );
}
