import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useToasts } from '@/components/toasts/useToasts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { type Assignment, errorText, isQueuedOffline, useListMyAssignmentsQuery, useUpdateAssignmentMutation } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { ResponsiveRows } from '@/components/ResponsiveRows';
import { ServerMessage } from '@/components/ServerMessage';
import { paths } from '@/config/paths';
import { selectStudentId } from '@/features/session/sessionSlices';
import { studentAreaMessages as messages } from './messages';
import { SUCCESS_TOAST_MS } from '@/components/toasts/toastDurations';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { visuallyHidden } from '@/components/visuallyHidden';
import { assignmentMessages as answerMessages } from '@/features/student/assignments/assignmentMessages';
import { answerKindOf, dueOf, hasPage, kindName, stateOf } from '@/features/student/assignments/assignmentState';
import { useSendOnLeave } from '@/hooks/useSendOnLeave';
import { PendingChangeNote } from '@/offline/PendingChangeNote';
import { usePendingChanges } from '@/offline/pendingChanges';

/** The filters of the page, kept in the address as `?status=pending|completed` (none: all). */
export type AssignmentFilter = 'all' | 'pending' | 'completed';

const filters: readonly { value: AssignmentFilter; label: string }[] = [
  { value: 'all', label: messages.filterAll },
  { value: 'pending', label: messages.filterPending },
  { value: 'completed', label: messages.filterCompleted },
];

function parseFilter(status: string | null): AssignmentFilter {
  return status === 'pending' || status === 'completed' ? status : 'all';
}

function focusOnMount(node: HTMLElement | null) {
  node?.focus();
}

/** How long a 'Mark as Done' can be undone before it is sent. */
export const UNDO_MS = 10_000;

interface ActionProps {
  assignment: Assignment;
  /** Shown as done: answered so by the provider, or marked done on this page. */
  done: boolean;
  marking: boolean;
  /** Marked done on this page less than UNDO_MS ago: not sent yet, and can be undone. */
  undoable: boolean;
  /** Marked done offline: kept on the device until the connection is back. */
  queued: boolean;
  /** Why the last 'Mark as Done' of this row failed. */
  failure: string | undefined;
  /** Where the focus goes in this row now: the badge (sent), Undo (just marked) or Mark as Done (undone). */
  focus: 'badge' | 'undo' | 'mark' | null;
  onMarkDone: (assignment: Assignment) => void;
  onUndo: (assignment: Assignment) => void;
}

/**
 * A row's action: 'Mark as Done' (with why it failed, if it did), the 'Completed' badge (with Undo
 * for its first 10 seconds), or, for an assignment answered on its own page, Answer / View.
 */
function AssignmentAction({ assignment, done, marking, undoable, queued, failure, focus, onMarkDone, onUndo }: ActionProps) {
  const failureId = useId();
  if (hasPage(assignment)) {
    const action = done ? answerMessages.viewAction : answerMessages.answerAction;
    return (
      <Button
        component={RouterLink}
        to={paths.studentAssignment(assignment.id)}
        variant={done ? 'outlined' : 'contained'}
        size="small"
        aria-label={answerMessages.actionNamed(action, assignment.title)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {action}
      </Button>
    );
  }
  if (done) {
    return (
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          icon={<CheckCircleIcon />}
          label={messages.completedBadge}
          color="success"
          variant="outlined"
          tabIndex={focus === 'badge' ? -1 : undefined}
          ref={focus === 'badge' ? focusOnMount : undefined}
        />
        {undoable ? (
          <Button
            size="small"
            variant="outlined"
            aria-label={answerMessages.undoNamed(assignment.title)}
            onClick={() => onUndo(assignment)}
            ref={focus === 'undo' ? focusOnMount : undefined}
          >
            {answerMessages.undo}
          </Button>
        ) : null}
        {queued && !undoable ? <PendingChangeNote /> : null}
      </Stack>
    );
  }
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="contained"
        size="small"
        disabled={marking}
        aria-label={messages.markAsDoneNamed(assignment.title)}
        aria-describedby={failure ? failureId : undefined}
        onClick={() => onMarkDone(assignment)}
        ref={focus === 'mark' ? focusOnMount : undefined}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {messages.markAsDone}
      </Button>
      {failure ? (
        <Box id={failureId}>
          <ServerMessage tone="error">{failure}</ServerMessage>
        </Box>
      ) : null}
    </Stack>
  );
}

/**
 * The Status column, on a provider with the assignment extensions: how it is answered, its due
 * date ('Late: …' in the error colour, with an icon and the word) and where it stands.
 */
function AssignmentFacts({ assignment, done }: { assignment: Assignment; done: boolean }) {
  const due = dueOf(assignment, done);
  const kind = answerKindOf(assignment);
  return (
    <Stack spacing={0.25}>
      <Typography component="span" variant="body2">
        {answerMessages.kindLabel(kindName(kind))}
      </Typography>
      {due ? (
        <Typography
          component="span"
          variant="body2"
          sx={{ color: due.late ? 'error.main' : 'text.secondary', display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: due.late ? 600 : 400 }}
        >
          {due.late ? <ErrorOutlinedIcon fontSize="inherit" aria-hidden /> : null}
          {due.text}
        </Typography>
      ) : null}
      {/* A done-only assignment marked done says so in its Action column (the 'Completed' badge). */}
      {kind === 'done' && done && !assignment.feedback ? null : (
        <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
          {stateOf(assignment, done)}
        </Typography>
      )}
    </Stack>
  );
}

function TeacherLink({ teacher }: { teacher: NonNullable<Assignment['teacher']> }) {
  return (
    <Link component={RouterLink} to={paths.teacherDetail(teacher.id)}>
      {teacher.full_name || teacher.id}
    </Link>
  );
}

/**
 * /my-assignments/: the student's assignments as a table (Name, Detail, Teacher, Action) with All,
 * Pending and Completed tabs kept in the address (spec section 2.4). 'Mark as Done' is the only
 * transition (section 4); the row and the dashboard counts follow through the cache tags.
 */
export function MyAssignmentsPage() {
  const studentId = useAppSelector(selectStudentId);
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parseFilter(searchParams.get('status'));
  const { data, error, isError, refetch } = useListMyAssignmentsQuery(studentId === null ? skipToken : { studentId });
  const [updateAssignment] = useUpdateAssignmentMutation();
  /** Marked done offline (on this page or before a reload): shown done until sent. */
  const queuedIds = new Set(
    usePendingChanges(studentId)
      .filter((change) => change.endpoint === 'updateAssignment')
      .map((change) => (change.arg as { id: number }).id),
  );
  const { enqueueSnackbar, closeSnackbar } = useToasts();
  const tabsId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  /** Marked done on this page: shown completed at once, before the list is read again. */
  const [doneIds, setDoneIds] = useState<ReadonlySet<number>>(new Set());
  /** Marked done less than UNDO_MS ago: nothing sent yet. */
  const [undoableIds, setUndoableIds] = useState<ReadonlySet<number>>(new Set());
  const [markingIds, setMarkingIds] = useState<ReadonlySet<number>>(new Set());
  const [failures, setFailures] = useState<Readonly<Record<number, string>>>({});
  const [focusTarget, setFocusTarget] = useState<{ id: number; on: 'badge' | 'undo' | 'mark' } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** The marks waiting for their 10 seconds to pass, by assignment id. */
  const waiting = useRef(new Map<number, { timer: number; assignment: Assignment; toast: ReturnType<typeof enqueueSnackbar> }>());
  const mounted = useRef(true);

  const isDone = (assignment: Assignment) => assignment.student_status || doneIds.has(assignment.id) || queuedIds.has(assignment.id);
  const withFacts = (data ?? []).some((assignment) => assignment.answer_kind !== undefined || assignment.due_at !== undefined);
  // A row marked done stays on the Pending tab while it can be undone (and is on Completed already).
  const leftPending = (assignment: Assignment) =>
    assignment.student_status || ((doneIds.has(assignment.id) || queuedIds.has(assignment.id)) && !undoableIds.has(assignment.id));
  const shown = (data ?? []).filter((assignment) =>
    filter === 'all' ? true : filter === 'completed' ? isDone(assignment) : !leftPending(assignment),
  );

  const without = (ids: ReadonlySet<number>, id: number) => {
    const next = new Set(ids);
    next.delete(id);
    return next;
  };

  /** Sends a mark whose 10 seconds have passed (or at once, when the page goes or the tab hides). */
  const send = useCallback(
    async (assignment: Assignment) => {
      if (studentId === null) return;
      setMarkingIds((ids) => new Set(ids).add(assignment.id));
      try {
        await updateAssignment({
          id: assignment.id,
          assignmentStatusForm: {
            student_status: true,
            title: assignment.title,
            detail: assignment.detail,
            student: assignment.student?.id ?? studentId,
            teacher: assignment.teacher?.id,
          },
        }).unwrap();
      } catch (failure) {
        // Kept offline: it stays done, with its note, until it is sent.
        if (!mounted.current || isQueuedOffline(failure)) return;
        setDoneIds((ids) => without(ids, assignment.id));
        setFailures((current) => ({ ...current, [assignment.id]: errorText(failure, messages.markDoneFailed) }));
        setFocusTarget({ id: assignment.id, on: 'mark' });
      } finally {
        if (mounted.current) setMarkingIds((ids) => without(ids, assignment.id));
      }
    },
    [studentId, updateAssignment],
  );

  const commit = useCallback(
    (id: number) => {
      const entry = waiting.current.get(id);
      if (!entry) return;
      window.clearTimeout(entry.timer);
      waiting.current.delete(id);
      if (mounted.current) {
        setUndoableIds((ids) => without(ids, id));
        setFocusTarget((target) => (target?.id === id && target.on === 'undo' ? { id, on: 'badge' } : target));
        // On the Pending tab the row leaves the table: keep the focus in the table's panel.
        if (filter === 'pending') panelRef.current?.focus();
      }
      void send(entry.assignment);
    },
    [filter, send],
  );

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Leaving the page or the screen, or hiding the tab, sends what is waiting at once: a mark is
  // never lost (after unmounting, `commit` only sends).
  useSendOnLeave(() => [...waiting.current.keys()].forEach(commit));

  function markDone(assignment: Assignment) {
    if (studentId === null || waiting.current.has(assignment.id)) return;
    setFailures(({ [assignment.id]: _cleared, ...rest }) => rest);
    setDoneIds((ids) => new Set(ids).add(assignment.id));
    setUndoableIds((ids) => new Set(ids).add(assignment.id));
    setFocusTarget({ id: assignment.id, on: 'undo' });
    // Said at once (the row shows it done); the focus is on Undo, which is said with it.
    const toast = enqueueSnackbar(messages.markedDone, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS });
    const timer = window.setTimeout(() => commit(assignment.id), UNDO_MS);
    waiting.current.set(assignment.id, { timer, assignment, toast });
  }

  function undo(assignment: Assignment) {
    const entry = waiting.current.get(assignment.id);
    if (!entry) return;
    window.clearTimeout(entry.timer);
    waiting.current.delete(assignment.id);
    closeSnackbar(entry.toast);
    setDoneIds((ids) => without(ids, assignment.id));
    setUndoableIds((ids) => without(ids, assignment.id));
    setFocusTarget({ id: assignment.id, on: 'mark' });
    setAnnouncement(answerMessages.undone(assignment.title));
  }

  function chooseFilter(value: AssignmentFilter) {
    setSearchParams(value === 'all' ? {} : { status: value });
  }

  let content;
  if (data === undefined) {
    content = isError ? (
      <LoadError message={errorText(error, messages.assignmentsFailed)} onRetry={() => void refetch()} />
    ) : (
      <RowsSkeleton label={messages.loadingAssignments} rowHeight={48} />
    );
  } else {
    const selectedTab = `${tabsId}-${filter}`;
    content = (
      <>
        {isError ? <LoadError message={errorText(error, messages.assignmentsFailed)} onRetry={() => void refetch()} /> : null}
        <Tabs
          value={filter}
          onChange={(_event, value: AssignmentFilter) => chooseFilter(value)}
          aria-label={messages.assignmentFilterLabel}
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {filters.map((option) => (
            <Tab
              key={option.value}
              value={option.value}
              label={option.label}
              id={`${tabsId}-${option.value}`}
              aria-controls={`${tabsId}-panel`}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={selectedTab} tabIndex={-1} ref={panelRef} sx={{ outline: 'none' }}>
          {data.length === 0 ? (
            <Typography>{messages.noAssignmentYet}</Typography>
          ) : shown.length === 0 ? (
            <Typography>{messages.noAssignmentAvailable}</Typography>
          ) : (
            <ResponsiveRows
              rows={shown}
              rowKey={(assignment) => assignment.id}
              label={messages.assignmentsTableLabel}
              columns={[
                { header: messages.nameColumn, role: 'title', cell: (assignment) => assignment.title },
                { header: messages.detailColumn, fullWidth: true, sx: { whiteSpace: 'pre-line' }, cell: (assignment) => assignment.detail },
                { header: messages.teacherColumn, cell: ({ teacher }) => (teacher ? <TeacherLink teacher={teacher} /> : null) },
                // Only where the provider has the assignment extensions (answer kinds, due dates).
                withFacts && { header: messages.statusColumn, cell: (assignment) => <AssignmentFacts assignment={assignment} done={isDone(assignment)} /> },
                {
                  header: messages.actionColumn,
                  role: 'actions',
                  cell: (assignment) => (
                    <AssignmentAction
                      assignment={assignment}
                      done={isDone(assignment)}
                      marking={markingIds.has(assignment.id)}
                      undoable={undoableIds.has(assignment.id)}
                      queued={queuedIds.has(assignment.id) && !assignment.student_status}
                      failure={failures[assignment.id]}
                      focus={focusTarget?.id === assignment.id ? focusTarget.on : null}
                      onMarkDone={markDone}
                      onUndo={undo}
                    />
                  ),
                },
              ]}
            />
          )}
        </Box>
      </>
    );
  }

  return (
    <PageHeading title={messages.myAssignmentsTitle}>
      <Box role="status" aria-atomic="true" sx={visuallyHidden}>
        {announcement}
      </Box>
      {content}
    </PageHeading>
  );
}
