import { skipToken } from '@reduxjs/toolkit/query/react';
import { useAppSelector } from '@/app/hooks';
import { useGetTeacherDashboardQuery, useGetTeacherQuery } from '@/api';
import { DashboardPage } from '@/components/DashboardPage';
import { paths } from '@/config/paths';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { AttentionSection } from './AttentionSection';
import { teacherAreaMessages as messages } from './messages';
import { SalesSection } from './SalesSection';

/** The first word of a full name, or undefined when there is none. */
function firstName(fullName: string | undefined): string | undefined {
  return fullName?.trim().split(/\s+/)[0] || undefined;
}

/**
 * /teacher-dashboard (spec section 2.5): 'Welcome, {first name}' ('Welcome, Teacher' without a
 * name), what needs the teacher's attention (an extension, hidden on providers without it), the
 * teacher's three counts (a missing count shows 0) and what their courses sold (an extension too).
 */
export function TeacherDashboardPage() {
  const teacherId = useAppSelector(selectTeacherId);
  const arg = teacherId === null ? skipToken : { id: teacherId };
  const teacher = useGetTeacherQuery(arg);
  const dashboard = useGetTeacherDashboardQuery(arg);
  return (
    <DashboardPage
      person={teacher}
      counts={dashboard}
      lead={teacherId === null ? null : <AttentionSection teacherId={teacherId} />}
      greeting={(record) => messages.greeting(firstName(record?.full_name) ?? messages.greetingFallbackName)}
      countItems={(counts) => [
        { label: messages.totalCourses, count: counts?.total_teacher_courses ?? 0, to: paths.teacherCourses },
        { label: messages.totalStudents, count: counts?.total_teacher_students ?? 0, to: paths.myStudents },
        { label: messages.totalChapters, count: counts?.total_teacher_chapters ?? 0, to: paths.teacherCourses },
      ]}
      texts={{
        title: messages.dashboardTitle,
        loadingGreeting: messages.loadingGreeting,
        personFailed: messages.teacherFailed,
        loadingCounts: messages.loadingDashboard,
        errorTitle: messages.errorTitle,
        countsFailed: messages.dashboardFailed,
      }}
    >
      {teacherId === null ? null : <SalesSection teacherId={teacherId} />}
    </DashboardPage>
  );
}
