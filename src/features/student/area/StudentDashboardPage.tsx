import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { type StudentDashboard, useGetStudentDashboardQuery, useGetStudentQuery } from '@/api';
import { DashboardPage } from '@/components/DashboardPage';
import { paths } from '@/config/paths';
import { ReviewDueLink } from '@/features/practice/ReviewDueLink';
import { FirstStepCard } from '@/features/student/start/FirstStepCard';
import { selectStudentId } from '@/features/session/sessionSlices';
import { ContinueLearningCard } from './ContinueLearningCard';
import { studentAreaMessages as messages } from './messages';

/**
 * The counts of the assignment extensions (due, late, answered, marked) as a compact row of links
 * under 'Continue learning', each to My Assignments filtered to the pending or completed ones
 * (cards would push 'Continue learning' off a phone's first screen); none on a provider without them.
 */
function AssignmentCounts({ counts }: { counts: StudentDashboard | undefined }) {
  if (counts?.assignments_due === undefined) return null;
  const items = [
    { label: messages.assignmentsDue, count: counts.assignments_due, to: paths.myAssignmentsWithStatus('pending') },
    { label: messages.assignmentsLate, count: counts.assignments_late ?? 0, to: paths.myAssignmentsWithStatus('pending') },
    { label: messages.assignmentsAnswered, count: counts.assignments_answered ?? 0, to: paths.myAssignmentsWithStatus('completed') },
    { label: messages.assignmentsMarked, count: counts.assignments_marked ?? 0, to: paths.myAssignmentsWithStatus('completed') },
  ];
  return (
    <Box component="ul" aria-label={messages.assignmentCountsLabel} sx={{ listStyle: 'none', p: 0, m: 0, mt: 3, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {items.map((item) => (
        <li key={item.label}>
          <Button component={RouterLink} to={item.to} variant="outlined" size="small" sx={{ textTransform: 'none' }}>
            <Box component="span" sx={{ fontWeight: 700, mr: 0.75 }}>
              {item.count}
            </Box>{' '}
            {item.label}
          </Button>
        </li>
      ))}
    </Box>
  );
}

/** Counts read, and nothing enrolled or assigned: a student who has not started yet. */
function isNewStudent(counts: StudentDashboard | undefined): boolean {
  return counts !== undefined && !counts.enrolled_courses && !counts.complete_assignments && !counts.pending_assignments;
}

/**
 * /student-dashboard (spec section 2.4): 'Welcome, {full name}' and the student's counts, each
 * linking to its list (the assignment counts to My Assignments filtered to match); a missing count
 * shows 0. Under them, 'Continue learning' once the student has watched something, and on a
 * provider with the assignment extensions the due, late, answered and marked counts. A new student
 * (nothing enrolled or assigned) sees 'Your first step' with Start here and the catalogue instead
 * of the zero counts (issue 39).
 */
export function StudentDashboardPage() {
  const studentId = useAppSelector(selectStudentId);
  const arg = studentId === null ? skipToken : { studentId };
  const student = useGetStudentQuery(arg);
  const dashboard = useGetStudentDashboardQuery(arg);
  const fresh = isNewStudent(dashboard.currentData);
  return (
    <DashboardPage
      person={student}
      counts={dashboard}
      greeting={(record) => messages.greeting(record?.full_name?.trim() || messages.greetingFallbackName)}
      // A new student (no course, no assignment) sees their first step instead of a row of zeros.
      countItems={(counts) => (isNewStudent(counts) ? [] : [
        { label: messages.enrolledCourses, count: counts?.enrolled_courses ?? 0, to: paths.myCourses },
        { label: messages.completedAssignments, count: counts?.complete_assignments ?? 0, to: paths.myAssignmentsWithStatus('completed') },
        { label: messages.pendingAssignments, count: counts?.pending_assignments ?? 0, to: paths.myAssignmentsWithStatus('pending') },
      ])}
      texts={{
        title: messages.dashboardTitle,
        loadingGreeting: messages.loadingGreeting,
        personFailed: messages.studentFailed,
        loadingCounts: messages.loadingDashboard,
        errorTitle: messages.errorTitle,
        countsFailed: messages.dashboardFailed,
      }}
    >
      {fresh && <FirstStepCard />}
      <ContinueLearningCard />
      <ReviewDueLink />
      {!fresh && <AssignmentCounts counts={dashboard.currentData} />}
    </DashboardPage>
  );
}
