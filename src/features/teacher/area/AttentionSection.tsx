import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  type AttentionEntry,
  type TeacherAttention,
  errorText,
  isUnsupported,
  useFetchAllEnrolledStudentsQuery,
  useGetTeacherAttentionQuery,
} from '@/api';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { LoadError } from '@/components/LoadError';
import { paths } from '@/config/paths';
import { ConversationButton } from '@/features/messaging/ConversationButton';
import { messagingMessages } from '@/features/messaging/messagingMessages';
import { useUnreadCounts } from '@/features/messaging/useUnreadCounts';
import { daysAgoText } from '../students/activityTime';
import { teacherAssignmentMessages } from '../assignments/assignmentMessages';
import { useAnswersToMark } from '../assignments/useAnswersToMark';
import { studentName } from '../students/StudentsTable';
import { teacherAreaMessages as messages } from './messages';

/** An answer that holds the two lists: anything else (null, an HTML page's text) shows nothing. */
function holdsAttention(data: unknown): data is TeacherAttention {
  if (typeof data !== 'object' || data === null) return false;
  const { new_enrolments: fresh, inactive_students: idle } = data as Partial<TeacherAttention>;
  return Array.isArray(fresh) && Array.isArray(idle);
}

interface Row {
  key: string;
  /** The student's name, or a link to them. */
  who: ReactNode;
  /** What is to see: the course and when, the unread count. */
  detail: string;
  /** A button beside the row (Message), if any. */
  action?: ReactNode;
}

/** One kind of thing to look at: its heading, its rows, and how many there are when the list is cut short. */
function Group({ title, rows, total }: { title: string; rows: readonly Row[]; total: number }) {
  const headingId = useId();
  if (rows.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {rows.map((row) => (
          <Paper key={row.key} component="li" variant="outlined" sx={{ px: 2, py: 1 }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{row.who}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {row.detail}
                </Typography>
              </Box>
              {row.action}
            </Stack>
          </Paper>
        ))}
      </Box>
      {total > rows.length ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {messages.shownOfTotal(rows.length, total)}{' '}
          <Link component={RouterLink} to={paths.myStudents}>
            {messages.allStudentsLink}
          </Link>
        </Typography>
      ) : null}
    </Box>
  );
}

const studentLink = (entry: AttentionEntry) => (
  <Link component={RouterLink} to={paths.viewStudent(entry.student.id)}>
    {entry.student.full_name.trim() || messages.unknownStudent(entry.student.id)}
  </Link>
);

const when = (iso: string) => daysAgoText(iso) ?? iso;

/** How many answers wait for feedback (extension), with the way to Answers. */
function AnswersToMark({ count }: { count: number }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
        {teacherAssignmentMessages.answersToMarkHeading}
      </Typography>
      <Paper variant="outlined" sx={{ px: 2, py: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography>{teacherAssignmentMessages.answersToMarkLine(count)}</Typography>
          <Link component={RouterLink} to={paths.teacherAnswers} sx={{ fontWeight: 600 }}>
            {teacherAssignmentMessages.openAnswers}
          </Link>
        </Stack>
      </Paper>
    </Box>
  );
}

/**
 * What the teacher dashboard opens on (extension, `getTeacherAttention`): the answers to mark with
 * a link to Answers (extension `listTeacherAnswers`, where the provider collects them), the students with unread
 * messages (where the provider counts them), the enrolments of this week and the students with no
 * activity for 14 days, each student linking to their page, with Message where there is
 * something to say. Skeletons while loading, the reason and Retry on failure, 'Nothing needs your
 * attention right now.' when all three are empty, and nothing at all on a provider without it.
 */
export function AttentionSection({ teacherId }: { teacherId: number }) {
  const headingId = useId();
  const attention = useGetTeacherAttentionQuery({ teacherId });
  const unread = useUnreadCounts('teacher');
  // The names of the students who wrote (usually cached by My Students).
  const students = useFetchAllEnrolledStudentsQuery({ teacherId }, { skip: !unread.total });
  // The answers to mark (extension), counted by the first page of Answers' To mark tab.
  const answers = useAnswersToMark(teacherId);
  const toMark = answers.count ?? 0;

  if (attention.isError && isUnsupported(attention.error)) return null;
  const data = attention.currentData;
  if (data !== undefined && !holdsAttention(data)) return null;

  const message = (id: number, name: string) => (
    <ConversationButton
      side="teacher"
      teacherId={teacherId}
      studentId={id}
      otherName={name}
      label={messagingMessages.messageButton}
      accessibleName={messagingMessages.messageStudent(name)}
    />
  );

  let content: ReactNode;
  if (data === undefined) {
    content = attention.isError ? (
      <LoadError message={errorText(attention.error, messages.attentionFailed)} onRetry={() => void attention.refetch()} />
    ) : (
      <RowsSkeleton label={messages.loadingAttention} rowHeight={56} />
    );
  } else {
    const seen = new Set<number>();
    const unreadRows: Row[] = (students.data ?? []).flatMap(({ student }) => {
      const count = student && !seen.has(student.id) ? (unread.countFrom(student.id) ?? 0) : 0;
      if (!student || count === 0) return [];
      seen.add(student.id);
      const name = studentName(student);
      const who = (
        <Link component={RouterLink} to={paths.viewStudent(student.id)}>
          {name}
        </Link>
      );
      return [{ key: String(student.id), who, detail: messages.unreadFrom(count), action: message(student.id, name) }];
    });
    const freshRows: Row[] = data.new_enrolments.map((entry) => ({
      key: `${entry.student.id}-${entry.course.id}`,
      who: studentLink(entry),
      detail: `${entry.course.title} · ${messages.enrolledWhen(when(entry.enrolled_at))}`,
    }));
    const idleRows: Row[] = data.inactive_students.map((entry) => ({
      key: `${entry.student.id}-${entry.course.id}`,
      who: studentLink(entry),
      detail: `${entry.course.title} · ${entry.last_activity ? messages.lastActiveWhen(when(entry.last_activity)) : messages.neverStarted}`,
      action: message(entry.student.id, entry.student.full_name.trim() || messages.unknownStudent(entry.student.id)),
    }));
    content =
      toMark + unreadRows.length + freshRows.length + idleRows.length === 0 ? (
        <Typography>{messages.nothingNeedsAttention}</Typography>
      ) : (
        <Stack spacing={3}>
          {toMark > 0 ? <AnswersToMark count={toMark} /> : null}
          <Group title={messages.unreadHeading} rows={unreadRows} total={unreadRows.length} />
          <Group title={messages.newEnrolmentsHeading} rows={freshRows} total={Math.max(data.new_enrolments_total, freshRows.length)} />
          <Group title={messages.inactiveHeading} rows={idleRows} total={Math.max(data.inactive_students_total, idleRows.length)} />
        </Stack>
      );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.4rem', mb: 1.5 }}>
        {messages.attentionHeading}
      </Typography>
      {content}
    </Box>
  );
}
