import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { type TeacherStudent, classifyError, errorText, useGetTeacherStudentQuery, useListStudentAssignmentsQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { ServerMessage } from '@/components/ServerMessage';
import { paths } from '@/config/paths';
import { parseIdParam } from '@/config/routeParams';
import { ConversationButton } from '@/features/messaging/ConversationButton';
import { messagingMessages } from '@/features/messaging/messagingMessages';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { AssignmentStatusList } from '../assignments/AssignmentStatusList';
import { studentName } from './StudentsTable';
import { teacherStudentMessages as messages } from './studentMessages';
import { teacherAssignmentMessages } from '../assignments/assignmentMessages';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { FactList } from '@/components/FactList';
import { ProgressText } from '@/components/ProgressText';
import { dayText, daysAgoText } from './activityTime';

function StudentFacts({ student }: { student: TeacherStudent['student'] }) {
  const facts = [
    [messages.emailLabel, student.email],
    [messages.usernameLabel, student.username],
    [messages.interestsLabel, student.interested_categories?.trim() || messages.noInterests],
  ] as const;
  return <FactList facts={facts} />;
}

function StudentAssignments({ teacherId, studentId }: { teacherId: number; studentId: number }) {
  const { data, error, refetch } = useListStudentAssignmentsQuery({ teacherId, studentId });
  if (data === undefined) {
    return error ? (
      <LoadError message={errorText(error, messages.assignmentsFailed)} onRetry={() => void refetch()} />
    ) : (
      <RowsSkeleton label={teacherAssignmentMessages.loadingAssignments} rowHeight={40} />
    );
  }
  if (data.length === 0) return <Typography>{teacherAssignmentMessages.noAssignmentForStudent}</Typography>;
  return <AssignmentStatusList assignments={data} label={messages.studentAssignmentsHeading} />;
}

type StudentCourse = TeacherStudent['courses'][number];

/**
 * One of the teacher's courses the student takes: its title (linking to its students) and, where
 * the provider tells (extensions), '3 of 8 chapters watched' with its bar, when they enrolled and
 * when they were last active.
 */
function StudentCourseItem({ course }: { course: StudentCourse }) {
  const { chapters_total: total, chapters_watched: watched, enrolled_at: enrolledAt, last_activity: lastActivity } = course;
  const enrolled = enrolledAt ? dayText(enrolledAt) : null;
  const lastActive = lastActivity ? daysAgoText(lastActivity) : null;
  const facts = [
    enrolled === null ? null : messages.enrolledOn(enrolled),
    lastActivity === undefined ? null : lastActive === null ? messages.noActivity : messages.lastActive(lastActive),
  ].filter((fact): fact is string => fact !== null);
  return (
    <ListItem disableGutters sx={{ display: 'block' }}>
      <Link component={RouterLink} to={paths.enrolledStudents(course.id)} sx={{ fontWeight: 600 }}>
        {course.title}
      </Link>
      {typeof total === 'number' && typeof watched === 'number' && total > 0 ? (
        <Box sx={{ mt: 1 }}>
          <ProgressText done={watched} total={total} text={messages.chaptersWatched(watched, total)} label={messages.progressIn(course.title)} />
        </Box>
      ) : null}
      {facts.length > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {facts.join(' · ')}
        </Typography>
      ) : null}
    </ListItem>
  );
}

/** Why the student cannot be shown, and a way on. */
function StudentFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { kind } = classifyError(error);
  if (kind === 'forbidden' || kind === 'notFound') {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <ServerMessage tone="error">{kind === 'forbidden' ? messages.notYourStudent : messages.studentNotFound}</ServerMessage>
        <Link component={RouterLink} to={paths.myStudents}>
          {messages.backToMyStudents}
        </Link>
      </Stack>
    );
  }
  return <LoadError message={errorText(error, messages.studentFailed)} onRetry={onRetry} />;
}

/**
 * /view-student/:student_id (linked from the enrolled-students list; the spec does not show the
 * screen): one of the teacher's students with e-mail, username and interests, the teacher's
 * courses they are enrolled in (with, where the provider tells, chapters watched of the total,
 * the enrolment date and the last activity), and their assignments from this teacher with their status, with
 * links to add an assignment and to the assignment list. A student outside the teacher's courses
 * is refused by the provider (403), and the screen says they are not among the teacher's students.
 */
export function ViewStudentPage() {
  const studentId = parseIdParam(useParams().student_id);
  const teacherId = useAppSelector(selectTeacherId);
  const ids = studentId === null || teacherId === null ? null : { teacherId, studentId };
  const { data, error, refetch } = useGetTeacherStudentQuery(ids ?? skipToken);

  if (ids === null) {
    return (
      <PageHeading title={messages.studentTitle}>
        <ServerMessage tone="error">{messages.invalidStudentLink}</ServerMessage>
      </PageHeading>
    );
  }
  if (data === undefined) {
    return (
      <PageHeading title={messages.studentTitle}>
        {error ? <StudentFailure error={error} onRetry={() => void refetch()} /> : <RowsSkeleton label={messages.loadingStudent} rowHeight={40} />}
      </PageHeading>
    );
  }

  const name = studentName(data.student);
  return (
    <PageHeading title={name}>
      <Stack spacing={4}>
        <StudentFacts student={data.student} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={paths.addAssignment(ids.studentId, ids.teacherId)} variant="contained">
            {messages.addAssignmentLink}
          </Button>
          <Button component={RouterLink} to={paths.showAssignment(ids.studentId, ids.teacherId)} variant="outlined">
            {messages.assignmentsLink}
          </Button>
          <ConversationButton
            side="teacher"
            teacherId={ids.teacherId}
            studentId={ids.studentId}
            otherName={name}
            label={messagingMessages.sendMessageButton}
            variant="outlined"
            size="medium"
          />
        </Stack>
        <section aria-labelledby="student-courses">
          <Typography id="student-courses" variant="h2" sx={{ fontSize: '1.5rem', mb: 1 }}>
            {messages.studentCoursesHeading}
          </Typography>
          <List disablePadding>
            {data.courses.map((course) => (
              <StudentCourseItem key={course.id} course={course} />
            ))}
          </List>
        </section>
        <section aria-labelledby="student-assignments">
          <Typography id="student-assignments" variant="h2" sx={{ fontSize: '1.5rem', mb: 1 }}>
            {messages.studentAssignmentsHeading}
          </Typography>
          <StudentAssignments teacherId={ids.teacherId} studentId={ids.studentId} />
        </section>
      </Stack>
    </PageHeading>
  );
}
