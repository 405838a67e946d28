import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink } from 'react-router-dom';
import { useFetchAllEnrolledStudentsQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { ConversationButton } from '@/features/messaging/ConversationButton';
import { GroupMessageButton } from '@/features/messaging/GroupMessageButton';
import { messagingMessages } from '@/features/messaging/messagingMessages';
import { UnreadCount } from '@/features/messaging/UnreadCount';
import { useUnreadCounts } from '@/features/messaging/useUnreadCounts';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { StudentsTable, studentName } from './StudentsTable';
import { teacherStudentMessages as messages } from './studentMessages';

/**
 * /my-students (spec section 2.5): every student of the teacher's courses, once each however many
 * of those courses they take, with name, e-mail, username, the unread messages from them (where
 * the provider counts them) and the actions Assignments, Add Assignment and Message (the
 * conversation, 'Send Message to {student name}'); 'Send message to All Students' above.
 */
export function MyStudentsPage() {
  const teacherId = useAppSelector(selectTeacherId);
  const students = useFetchAllEnrolledStudentsQuery(teacherId === null ? skipToken : { teacherId });
  const unread = useUnreadCounts('teacher');

  return (
    <PageHeading title={messages.myStudentsTitle}>
      {teacherId !== null && (students.data?.length ?? 0) > 0 ? (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
          <GroupMessageButton side="teacher" senderId={teacherId} />
        </Stack>
      ) : null}
      <StudentsTable
        enrolments={students.data}
        error={students.error}
        onRetry={() => void students.refetch()}
        empty={messages.noStudents}
        extraColumn={
          unread.total === null
            ? undefined
            : { header: messagingMessages.unreadColumn, cell: (student) => <UnreadCount count={unread.countFrom(student.id)} /> }
        }
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
              <ConversationButton
                side="teacher"
                teacherId={teacherId}
                studentId={student.id}
                otherName={studentName(student)}
                label={messagingMessages.messageButton}
                accessibleName={messagingMessages.messageStudent(studentName(student))}
              />
            </>
          )
        }
      />
    </PageHeading>
  );
}
