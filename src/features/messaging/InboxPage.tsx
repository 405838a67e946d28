import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { errorText } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { LoadError } from '@/components/LoadError';
import { useDocumentTitle } from '@/components/PageHeading';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { paths } from '@/config/paths';
import { selectStudentId, selectTeacherId } from '@/features/session/sessionSlices';
import { useOnline } from '@/offline/useOnline';
import { ConversationList } from './ConversationList';
import { ConversationPane } from './ConversationPane';
import { inboxMessages as messages } from './inboxMessages';
import { type Inbox, useStudentInbox, useTeacherInbox } from './useInbox';

/** A positive whole number from the address, or null. */
function idFrom(param: string | undefined): number | null {
  if (param === undefined || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}

interface InboxViewProps {
  side: 'student' | 'teacher';
  inbox: Inbox;
  selfId: number | null;
  /** The other person of the open conversation (from the address), or null for the inbox alone. */
  otherId: number | null;
  inboxPath: string;
  pathTo: (otherId: number) => string;
}

function InboxView({ side, inbox, selfId, otherId, inboxPath, pathTo }: InboxViewProps) {
  const open = otherId !== null && selfId !== null;
  useDocumentTitle(open ? null : messages.inboxTitle);
  // The name the link that opened the conversation gave (shown before the inbox loads).
  const state: unknown = useLocation().state;
  const linkName = typeof state === 'object' && state !== null && 'otherName' in state && typeof state.otherName === 'string' ? state.otherName : undefined;
  const online = useOnline();
  const entry = inbox.entries?.find((row) => row.otherId === otherId);
  // The other person's name: null while the inbox loads, undefined when it could not be read (offline, say).
  let otherName: string | null | undefined = null;
  if (otherId !== null) otherName = entry?.otherName ?? linkName ?? (inbox.entries !== undefined ? messages.unknownPerson(otherId) : inbox.isError ? undefined : null);

  let list;
  if (inbox.entries === undefined && inbox.isError && !online) {
    list = <Typography>{messages.inboxNotSaved}</Typography>;
  } else if (inbox.entries === undefined) {
    list = inbox.isError ? <LoadError message={errorText(inbox.error, messages.inboxFailed)} onRetry={inbox.refetch} /> : <RowsSkeleton label={messages.loadingInbox} rowHeight={64} />;
  } else if (inbox.entries.length === 0) {
    list = (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography>{side === 'student' ? messages.noStudentConversations : messages.noTeacherConversations}</Typography>
        {side === 'student' ? (
          <Link component={RouterLink} to={paths.allCourses}>
            {messages.browseAllCourses}
          </Link>
        ) : null}
      </Stack>
    );
  } else {
    list = <ConversationList entries={inbox.entries} side={side} currentId={otherId} pathTo={pathTo} />;
  }

  let pane;
  if (!open) {
    pane = <Typography sx={{ color: 'text.secondary', pt: { md: 9 } }}>{messages.chooseConversation}</Typography>;
  } else if (otherName === null) {
    pane = <Skeleton variant="rounded" height={400} role="status" aria-label={messages.loadingConversation} />;
  } else {
    const parties = side === 'student' ? { teacherId: otherId, studentId: selfId } : { teacherId: selfId, studentId: otherId };
    // A new conversation starts afresh: its own draft, history and scroll.
    pane = <ConversationPane key={otherId} side={side} {...parties} otherName={otherName} inboxPath={inboxPath} voiceNotes={inbox.extended} />;
  }

  return (
    <Container sx={{ py: 4 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(240px, 320px) minmax(0, 1fr)' }, gap: 3, alignItems: 'start' }}>
        {/* On a phone, the inbox or the open conversation; from md up, both side by side. */}
        <Box sx={{ display: { xs: open ? 'none' : 'block', md: 'block' } }}>
          {open ? (
            <Typography component="p" variant="h6" sx={{ mb: 2 }}>
              {messages.inboxTitle}
            </Typography>
          ) : (
            <Typography variant="h1" gutterBottom tabIndex={-1}>
              {messages.inboxTitle}
            </Typography>
          )}
          {list}
        </Box>
        <Box sx={{ display: { xs: open ? 'block' : 'none', md: 'block' } }}>{pane}</Box>
      </Box>
    </Container>
  );
}

/**
 * /messages and /messages/:teacher_id (extension): the student's conversations with their
 * teachers, newest first, and the one open beside them (on a phone, on its own page).
 */
export function StudentInboxPage() {
  const studentId = useAppSelector(selectStudentId);
  const { teacher_id: teacherId } = useParams();
  const inbox = useStudentInbox();
  return (
    <InboxView side="student" inbox={inbox} selfId={studentId} otherId={idFrom(teacherId)} inboxPath={paths.studentMessages} pathTo={paths.studentConversation} />
  );
}

/**
 * /teacher-messages and /teacher-messages/:student_id (extension): the teacher's conversations
 * with their students, newest first, and the one open beside them (on a phone, on its own page).
 */
export function TeacherInboxPage() {
  const teacherId = useAppSelector(selectTeacherId);
  const { student_id: studentId } = useParams();
  const inbox = useTeacherInbox();
  return (
    <InboxView side="teacher" inbox={inbox} selfId={teacherId} otherId={idFrom(studentId)} inboxPath={paths.teacherMessages} pathTo={paths.teacherConversation} />
  );
}
