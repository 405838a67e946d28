import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useFetchEnrolledStudentsQuery, useListTeacherCoursesQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { PageHeading } from '@/components/PageHeading';
import { ServerMessage } from '@/components/ServerMessage';
import { paths } from '@/config/paths';
import { parseIdParam } from '@/config/routeParams';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { StudentsTable, studentName } from './StudentsTable';
import { teacherStudentMessages as messages } from './studentMessages';
import { teacherAreaMessages } from '../area/messages';

/**
 * /enrolled-students/:course_id (spec section 2.5): the students of one of the teacher's courses,
 * with name, e-mail, username and a View link to /view-student/{id}.
 */
export function EnrolledStudentsPage() {
  const courseId = parseIdParam(useParams().course_id);
  const teacherId = useAppSelector(selectTeacherId);
  const enrolled = useFetchEnrolledStudentsQuery(courseId === null ? skipToken : { courseId });
  // The course's title, from the teacher's course list (usually cached by My Courses).
  const { courseTitle } = useListTeacherCoursesQuery(teacherId === null ? skipToken : { teacherId }, {
    selectFromResult: ({ data }) => ({ courseTitle: data?.find((course) => course.id === courseId)?.title }),
  });

  if (courseId === null) {
    return (
      <PageHeading title={messages.enrolledStudentsTitle}>
        <ServerMessage tone="error">{messages.invalidCourseLink}</ServerMessage>
        <Link component={RouterLink} to={paths.teacherCourses}>
          {teacherAreaMessages.coursesLink}
        </Link>
      </PageHeading>
    );
  }

  return (
    <PageHeading title={messages.enrolledStudentsTitle}>
      {courseTitle ? (
        <Typography component="p" variant="h6" sx={{ mb: 2 }}>
          {messages.enrolledStudentsOf(courseTitle)}
        </Typography>
      ) : null}
      <StudentsTable
        enrolments={enrolled.data}
        error={enrolled.error}
        onRetry={() => void enrolled.refetch()}
        empty={messages.noEnrolledStudents}
        actions={(student) => (
          <Link component={RouterLink} to={paths.viewStudent(student.id)} aria-label={messages.viewStudent(studentName(student))}>
            {messages.viewLink}
          </Link>
        )}
      />
    </PageHeading>
  );
}
