import CheckCircleIcon from '@mui/icons-material/CheckCircle';
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
import { useId, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { type Assignment, errorText, useListMyAssignmentsQuery, useUpdateAssignmentMutation } from '@/api';
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

interface ActionProps {
  assignment: Assignment;
  /** Shown as done: answered so by the provider, or marked done on this page. */
  done: boolean;
  marking: boolean;
  /** Why the last 'Mark as Done' of this row failed. */
  failure: string | undefined;
  /** Move the focus to the 'Completed' badge (the row was just marked done). */
  focusBadge: boolean;
  onMarkDone: (assignment: Assignment) => void;
}

/** A row's action: 'Mark as Done' (with why it failed, if it did), or the 'Completed' badge. */
function AssignmentAction({ assignment, done, marking, failure, focusBadge, onMarkDone }: ActionProps) {
  const failureId = useId();
  if (done) {
    return (
      <Chip
        icon={<CheckCircleIcon />}
        label={messages.completedBadge}
        color="success"
        variant="outlined"
        tabIndex={focusBadge ? -1 : undefined}
        ref={focusBadge ? focusOnMount : undefined}
      />
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
  const { enqueueSnackbar } = useToasts();
  const tabsId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  /** Marked done on this page: shown completed at once, before the list is read again. */
  const [doneIds, setDoneIds] = useState<ReadonlySet<number>>(new Set());
  const [markingIds, setMarkingIds] = useState<ReadonlySet<number>>(new Set());
  const [failures, setFailures] = useState<Readonly<Record<number, string>>>({});
  const [justDone, setJustDone] = useState<number | null>(null);

  const isDone = (assignment: Assignment) => assignment.student_status || doneIds.has(assignment.id);
  const shown = (data ?? []).filter(
    (assignment) => filter === 'all' || (filter === 'completed') === isDone(assignment),
  );

  async function markDone(assignment: Assignment) {
    if (studentId === null) return;
    setMarkingIds((ids) => new Set(ids).add(assignment.id));
    setFailures(({ [assignment.id]: _cleared, ...rest }) => rest);
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
      setDoneIds((ids) => new Set(ids).add(assignment.id));
      setJustDone(assignment.id);
      enqueueSnackbar(messages.markedDone, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS });
      // On the Pending tab the row leaves the table: keep the focus in the table's panel.
      if (filter === 'pending') panelRef.current?.focus();
    } catch (failure) {
      setFailures((current) => ({ ...current, [assignment.id]: errorText(failure, messages.markDoneFailed) }));
    } finally {
      setMarkingIds((ids) => {
        const next = new Set(ids);
        next.delete(assignment.id);
        return next;
      });
    }
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
                {
                  header: messages.actionColumn,
                  role: 'actions',
                  cell: (assignment) => (
                    <AssignmentAction
                      assignment={assignment}
                      done={isDone(assignment)}
                      marking={markingIds.has(assignment.id)}
                      failure={failures[assignment.id]}
                      focusBadge={justDone === assignment.id}
                      onMarkDone={(row) => void markDone(row)}
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

  return <PageHeading title={messages.myAssignmentsTitle}>{content}</PageHeading>;
}
