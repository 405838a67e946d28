import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { type StudentProgressSummary, useFetchAllEnrolledStudentsQuery, useListTeacherStudentsProgressQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { PageHeading } from '@/components/PageHeading';
import { ProgressText } from '@/components/ProgressText';
import { paths } from '@/config/paths';
import { ConversationButton } from '@/features/messaging/ConversationButton';
import { GroupMessageButton } from '@/features/messaging/GroupMessageButton';
import { messagingMessages } from '@/features/messaging/messagingMessages';
import { UnreadCount } from '@/features/messaging/UnreadCount';
import { useUnreadCounts } from '@/features/messaging/useUnreadCounts';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { daysAgoText } from './activityTime';
import { StudentsTable, studentName } from './StudentsTable';
import { teacherStudentMessages as messages } from './studentMessages';

/** One student's progress over the teacher's courses: '5 of 12 chapters', its bar, and 'Last active 3 days ago'. */
function ProgressCell({ name, progress }: { name: string; progress: StudentProgressSummary }) {
  const when = progress.last_activity === null ? null : daysAgoText(progress.last_activity);
  return (
    <>
      {progress.chapters_total > 0 ? (
        <ProgressText
          done={progress.chapters_watched}
          total={progress.chapters_total}
          text={messages.chaptersOf(progress.chapters_watched, progress.chapters_total)}
          label={messages.progressOf(name)}
        />
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {when === null ? messages.noActivity : messages.lastActive(when)}
      </Typography>
    </>
  );
}

/**
 * /my-students (spec section 2.5): every student of the teacher's courses, once each however many
 * of those courses they take, with name, e-mail, username, the unread messages from them (where
 * the provider counts them), their progress over the teacher's courses (an extension: chapters
 * watched of the total and the last activity; no column on a provider without it) and the actions Assignments, Add Assignment and Message (the
 * conversation, 'Send Message to {student name}'); 'Send message to All Students' above.
 */
export function MyStudentsPage() {
  const teacherId = useAppSelector(selectTeacherId);
  const students = useFetchAllEnrolledStudentsQuery(teacherId === null ? skipToken : { teacherId });
  const unread = useUnreadCounts('teacher');
  // Progress is an extra: only an answer shows the column, a failure of any kind none.
  const progress = useListTeacherStudentsProgressQuery(teacherId === null ? skipToken : { teacherId });
  const progressOf = Array.isArray(progress.currentData) ? new Map(progress.currentData.map((row) => [row.student, row])) : null;

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
        extraColumns={[
          progressOf === null
            ? null
            : {
                header: messages.progressColumn,
                // Room for the bar beside the other columns (cards take the whole width anyway).
                sx: { minWidth: { md: 160 } },
                cell: (student) => {
                  const row = progressOf.get(student.id);
                  return row ? <ProgressCell name={studentName(student)} progress={row} /> : null;
                },
              },
          unread.total === null
            ? null
            : { header: messagingMessages.unreadColumn, cell: (student) => <UnreadCount count={unread.countFrom(student.id)} /> },
        ]}
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
