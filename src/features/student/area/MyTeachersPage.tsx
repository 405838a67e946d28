import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink } from 'react-router-dom';
import { errorText, type MyTeacher, useFetchMyTeachersQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { ResponsiveRows } from '@/components/ResponsiveRows';
import { paths } from '@/config/paths';
import { ConversationButton } from '@/features/messaging/ConversationButton';
import { GroupMessageButton } from '@/features/messaging/GroupMessageButton';
import { messagingMessages as messages } from '@/features/messaging/messagingMessages';
import { UnreadCount } from '@/features/messaging/UnreadCount';
import { type UnreadCounts, useUnreadCounts } from '@/features/messaging/useUnreadCounts';
import { selectStudentId } from '@/features/session/sessionSlices';
import { useCourseLang } from './useCourseLang';
import { RowsSkeleton } from '@/components/RowsSkeleton';

function NoTeachers() {
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography>{messages.noTeachersYet}</Typography>
      <Link component={RouterLink} to={paths.allCourses}>
        {messages.browseAllCourses}
      </Link>
    </Stack>
  );
}

/** One of the teacher's courses the student takes, its title in the course's language. */
function CourseLink({ id, title }: { id: number; title: string }) {
  const lang = useCourseLang(id);
  return (
    <Link component={RouterLink} to={paths.courseDetail(id)} {...lang}>
      {title}
    </Link>
  );
}

function TeachersTable({ rows, studentId, unread }: { rows: MyTeacher[]; studentId: number; unread: UnreadCounts }) {
  const name = ({ id, teacher }: MyTeacher) => teacher.full_name.trim() || String(id);
  return (
    <ResponsiveRows
      rows={rows}
      rowKey={(row) => row.id}
      label={messages.teachersTableLabel}
      columns={[
        {
          header: messages.teacherColumn,
          role: 'title',
          cell: (row) => (
            <Link component={RouterLink} to={paths.teacherDetail(row.id)}>
              {name(row)}
            </Link>
          ),
        },
        {
          header: messages.coursesColumn,
          cell: ({ courses }) =>
            courses.map((course, index) => (
              <span key={course.id}>
                {index > 0 ? ', ' : null}
                <CourseLink id={course.id} title={course.title} />
              </span>
            )),
        },
        unread.total !== null && { header: messages.unreadColumn, cell: ({ id }) => <UnreadCount count={unread.countFrom(id)} /> },
        {
          header: messages.actionColumn,
          role: 'actions',
          cell: (row) => (
            <ConversationButton
              side="student"
              teacherId={row.id}
              studentId={studentId}
              otherName={name(row)}
              label={messages.chatButton}
              accessibleName={messages.chatWith(name(row))}
            />
          ),
        },
      ]}
    />
  );
}

/**
 * /my-teachers (spec section 2.4): the student's teachers with the courses they teach them,
 * the unread messages from each (where the provider counts them) and 'Chat', which opens the
 * conversation; 'Message all my teachers' writes to all of them at once, as the student.
 */
export function MyTeachersPage() {
  const studentId = useAppSelector(selectStudentId);
  const { data, error, isError, refetch } = useFetchMyTeachersQuery(studentId === null ? skipToken : { studentId });
  const unread = useUnreadCounts('student');

  let content;
  if (data === undefined || studentId === null) {
    content = isError ? <LoadError message={errorText(error, messages.teachersFailed)} onRetry={() => void refetch()} /> : <RowsSkeleton label={messages.loadingTeachers} rowHeight={48} />;
  } else if (data.length === 0) {
    content = <NoTeachers />;
  } else {
    content = (
      <Stack spacing={2}>
        {isError ? <LoadError message={errorText(error, messages.teachersFailed)} onRetry={() => void refetch()} /> : null}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <GroupMessageButton side="student" senderId={studentId} />
        </Stack>
        <TeachersTable rows={data} studentId={studentId} unread={unread} />
      </Stack>
    );
  }

  return <PageHeading title={messages.myTeachersTitle}>{content}</PageHeading>;
}
