import Button from '@mui/material/Button';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink } from 'react-router-dom';
import { useFetchAllEnrolledStudentsQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { StudentsTable, studentName } from './StudentsTable';
import { teacherAreaMessages as messages } from './messages';

/**
 * /my-students (spec section 2.5): every student of the teacher's courses, once each however many
 * of those courses they take, with name, e-mail, username and the actions Assignments and Add
 * Assignment. The chat and group-message actions belong to the messaging screens.
 */
export function MyStudentsPage() {
  const teacherId = useAppSelector(selectTeacherId);
  const students = useFetchAllEnrolledStudentsQuery(teacherId === null ? skipToken : { teacherId });

  return (
    <PageHeading title={messages.myStudentsTitle}>
      <StudentsTable
        enrolments={students.data}
        error={students.error}
        onRetry={() => void students.refetch()}
        empty={messages.noStudents}
        actions={(student) =>
          teacherId === null ? null : (
            <>
              <Button
                component={RouterLink}
                to={paths.showAssignment(student.id, teacherId)}
                size="small"
                variant="outlined"
                aria-label={messages.assignmentsOf(studentName(student))}
              >
                {messages.assignmentsLink}
              </Button>
              <Button
                component={RouterLink}
                to={paths.addAssignment(student.id, teacherId)}
                size="small"
                variant="contained"
                aria-label={messages.addAssignmentFor(studentName(student))}
              >
                {messages.addAssignmentLink}
              </Button>
              {/* Messaging issue: the 'Send Message to {student name}' chat action goes here. */}
            </>
          )
        }
      />
    </PageHeading>
  );
}
