import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorText, type Exercise, isUnsupported, useDeleteExerciseMutation, useListChapterExercisesQuery, useReorderExercisesMutation } from '@/api';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import type { LanguageTag } from '@/components/courseLanguage';
import { LoadError } from '@/components/LoadError';
import { ServerMessage } from '@/components/ServerMessage';
import { RESULT_TOAST_MS } from '@/components/toasts/toastDurations';
import { useToasts } from '@/components/toasts/useToasts';
import { visuallyHidden } from '@/components/visuallyHidden';
import { ChapterPracticeStats } from './ChapterPracticeStats';
import { ExerciseForm } from './ExerciseForm';
import { exerciseMessages as messages } from './exerciseMessages';

/** Which form is open: none, a new exercise, or the one with this id. */
type Editing = null | 'new' | number;

function ExerciseRow({
  exercise,
  index,
  count,
  busy,
  onEdit,
  onMove,
  onDelete,
}: {
  exercise: Exercise;
  index: number;
  count: number;
  busy: boolean;
  onEdit: () => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
}) {
  return (
    <Box component="li" sx={{ py: 1.5, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {`${index + 1}. ${messages.kinds[exercise.kind]}`}
        </Typography>
        <Chip size="small" label={exercise.is_published ? messages.published : messages.draft} color={exercise.is_published ? 'success' : 'default'} variant="outlined" />
      </Stack>
      <Typography sx={{ my: 0.5, overflowWrap: 'anywhere' }}>{exercise.prompt}</Typography>
      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
        <Button size="small" onClick={onEdit} aria-label={messages.editNamed(exercise.prompt)}>
          {messages.edit}
        </Button>
        <Button size="small" onClick={() => onMove(-1)} disabled={busy || index === 0} aria-label={messages.moveUpNamed(exercise.prompt)}>
          {messages.moveUp}
        </Button>
        <Button size="small" onClick={() => onMove(1)} disabled={busy || index === count - 1} aria-label={messages.moveDownNamed(exercise.prompt)}>
          {messages.moveDown}
        </Button>
        <Button size="small" color="error" onClick={onDelete} aria-label={messages.deleteNamed(exercise.prompt)}>
          {messages.delete}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * The 'Exercises' section of the chapter editor: the chapter's exercises in order, each with Edit,
 * Move up, Move down and Delete (confirmed), drafts marked; 'Add an exercise' opens the form.
 * Hidden on a provider without exercises (it answers 404).
 */
export function ChapterExercises({ chapterId, language }: { chapterId: number; language: LanguageTag | undefined }) {
  const query = useListChapterExercisesQuery({ chapterId });
  const [reorder, reordering] = useReorderExercisesMutation();
  const [deleteExercise, deletion] = useDeleteExerciseMutation();
  const { enqueueSnackbar } = useToasts();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<Exercise | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  if (query.isError && isUnsupported(query.error)) return null;
  const exercises = query.data;

  async function move(exercise: Exercise, by: -1 | 1) {
    if (exercises === undefined) return;
    const ids = exercises.map((entry) => entry.id);
    const from = ids.indexOf(exercise.id);
    const to = from + by;
    if (to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    setFailure(null);
    try {
      await reorder({ chapterId, exerciseOrderForm: { exercise_ids: ids.join(',') } }).unwrap();
      setAnnouncement(messages.moved(exercise.prompt, to + 1));
    } catch (error) {
      setFailure(errorText(error, messages.moveFailed));
    }
  }

  async function confirmDelete() {
    if (toDelete === null) return;
    try {
      await deleteExercise({ exerciseId: toDelete.id }).unwrap();
      enqueueSnackbar(messages.deleted, { variant: 'success', autoHideDuration: RESULT_TOAST_MS });
    } catch (error) {
      enqueueSnackbar(errorText(error, messages.deleteFailed), { variant: 'error' });
    }
    setToDelete(null);
  }

  let list;
  if (exercises !== undefined) {
    list =
      exercises.length === 0 ? (
        <Typography>{messages.none}</Typography>
      ) : (
        <Box component="ol" aria-label={messages.listLabel} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {exercises.map((exercise, index) =>
            editing === exercise.id ? (
              <Box component="li" key={exercise.id} sx={{ py: 1.5 }}>
                <ExerciseForm chapterId={chapterId} exercise={exercise} language={language} onDone={() => setEditing(null)} />
              </Box>
            ) : (
              <ExerciseRow
                key={exercise.id}
                exercise={exercise}
                index={index}
                count={exercises.length}
                busy={reordering.isLoading}
                onEdit={() => setEditing(exercise.id)}
                onMove={(by) => void move(exercise, by)}
                onDelete={() => setToDelete(exercise)}
              />
            ),
          )}
        </Box>
      );
  } else if (query.isError) {
    list = <LoadError message={messages.loadFailed} onRetry={() => void query.refetch()} />;
  } else {
    list = <Skeleton variant="rounded" height={96} role="status" aria-label={messages.loading} />;
  }

  return (
    <Box component="section" aria-labelledby="chapter-exercises-heading" sx={{ mt: 5, maxWidth: 640 }}>
      <Typography variant="h2" id="chapter-exercises-heading" sx={{ fontSize: '1.5rem', mb: 1 }}>
        {messages.heading}
      </Typography>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>{messages.intro}</Typography>
      <Box role="status" aria-atomic="true" sx={visuallyHidden}>
        {announcement}
      </Box>
      {failure ? <ServerMessage tone="error">{failure}</ServerMessage> : null}
      {list}
      <Box sx={{ mt: 2 }}>
        {editing === 'new' ? (
          <ExerciseForm chapterId={chapterId} language={language} onDone={() => setEditing(null)} />
        ) : exercises !== undefined ? (
          <Button variant="outlined" onClick={() => setEditing('new')}>
            {messages.add}
          </Button>
        ) : null}
      </Box>
      {exercises !== undefined && exercises.some((exercise) => exercise.is_published) ? <ChapterPracticeStats chapterId={chapterId} language={language} /> : null}
      <ConfirmDialog
        open={toDelete !== null}
        title={messages.deleteQuestion}
        confirmLabel={messages.delete}
        cancelLabel={messages.deleteKeep}
        busy={deletion.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        {toDelete?.prompt}
      </ConfirmDialog>
    </Box>
  );
}
