import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import {
  errorText,
  useApprovePendingTeacherMutation,
  useDeclinePendingTeacherMutation,
  useListPendingTeachersQuery,
  type PendingTeacher,
} from '@/api';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { LoadError } from '@/components/LoadError';
import { formatterOnFirstUse } from '@/components/plainFormat';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { useToasts } from '@/components/toasts/useToasts';
import { adminMessages as m } from './adminMessages';

const day = formatterOnFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }));

function registeredOn(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? createdAt : day().format(date);
}

/**
 * The teachers waiting for approval, oldest first, each with Approve and Decline (Decline asks
 * first). The list follows each decision (its cache tag); the focus then moves to the Approve
 * button now in the decided row's place, or to the section's heading once the list is empty.
 */
export function PendingTeachers() {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const teachers = useListPendingTeachersQuery();
  const [approve, approving] = useApprovePendingTeacherMutation();
  const [decline, declining] = useDeclinePendingTeacherMutation();
  const { enqueueSnackbar } = useToasts();
  const [confirming, setConfirming] = useState<PendingTeacher | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** The place of the row just decided, whose successor takes the focus once the list is read again. */
  const focusAt = useRef<number | null>(null);
  const busy = approving.isLoading || declining.isLoading;

  const rows = teachers.currentData;
  useEffect(() => {
    if (focusAt.current === null || rows === undefined || teachers.isFetching) return;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-approve]') ?? [];
    const next = buttons[Math.min(focusAt.current, buttons.length - 1)];
    (next ?? headingRef.current)?.focus();
    focusAt.current = null;
  }, [rows, teachers.isFetching]);

  const decide = async (teacher: PendingTeacher, decision: 'approve' | 'decline') => {
    setFailure(null);
    const index = rows?.findIndex((row) => row.id === teacher.id) ?? 0;
    try {
      const call = decision === 'approve' ? approve : decline;
      const answer = await call({ teacherId: teacher.id }).unwrap();
      if (answer.msg) enqueueSnackbar(answer.msg, { variant: 'success' });
    } catch (error) {
      setFailure(errorText(error, m.decisionFailed));
    } finally {
      setConfirming(null);
      focusAt.current = Math.max(index, 0);
    }
  };

  let content;
  if (teachers.error !== undefined && !teachers.isFetching) {
    content = <LoadError message={errorText(teachers.error, m.teachersLoadFailed)} onRetry={() => void teachers.refetch()} />;
  } else if (rows === undefined) {
    content = <RowsSkeleton label={m.teachersHeading} rowHeight={96} />;
  } else if (rows.length === 0) {
    content = <Typography color="text.secondary">{m.noTeachers}</Typography>;
  } else {
    content = (
      <Stack component="ul" ref={listRef} spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((teacher) => (
          <Paper component="li" key={teacher.id} variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h3" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
              {teacher.full_name}
            </Typography>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{teacher.email}</Typography>
            {teacher.qualification ? (
              <Typography color="text.secondary">
                {m.qualification}: {teacher.qualification}
              </Typography>
            ) : null}
            {teacher.skills ? (
              <Typography color="text.secondary">
                {m.languages}: {teacher.skills}
              </Typography>
            ) : null}
            <Typography color="text.secondary">{m.registered(registeredOn(teacher.created_at))}</Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
              <Button
                variant="contained"
                data-approve=""
                aria-label={m.approveLabel(teacher.full_name)}
                disabled={busy}
                onClick={() => void decide(teacher, 'approve')}
              >
                {m.approve}
              </Button>
              <Button
                variant="outlined"
                color="error"
                aria-label={m.declineLabel(teacher.full_name)}
                disabled={busy}
                onClick={() => setConfirming(teacher)}
              >
                {m.decline}
              </Button>
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h2" id={headingId} ref={headingRef} tabIndex={-1} sx={{ mb: 2 }}>
        {m.teachersHeading}
      </Typography>
      {failure === null ? null : (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {content}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === null ? '' : m.declineQuestion(confirming.full_name)}
        confirmLabel={m.decline}
        cancelLabel={m.cancel}
        busy={declining.isLoading}
        onConfirm={() => {
          if (confirming !== null) void decide(confirming, 'decline');
        }}
        // Cancel returns the focus to Decline; after a decision the list's effect above moves it on.
        onCancel={() => setConfirming(null)}
      >
        {m.declineDetail}
      </ConfirmDialog>
    </Box>
  );
}
