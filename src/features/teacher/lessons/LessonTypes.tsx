import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { errorText, type LessonType, useDeleteLessonTypeMutation } from '@/api';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { SUCCESS_TOAST_MS } from '@/components/toasts/toastDurations';
import { useToasts } from '@/components/toasts/useToasts';
import { LessonTypeDialog } from './LessonTypeDialog';
import { lessonsMessages as messages } from './lessonsMessages';

/** The most lesson types a teacher may offer (api-spec.yaml, `createLessonType`). */
const MOST_TYPES = 10;

/** The dialog open: adding a type, or changing one. */
type Editing = { lessonType: LessonType | null } | null;

/**
 * The teacher's lesson types: each with its title, length, 'Free trial' or price and languages,
 * 'Edit' (a dialog) and 'Remove' (confirmed); 'Add lesson type' opens the same dialog empty, while
 * the teacher offers fewer than the most there may be.
 */
export function LessonTypes({ teacherId, lessonTypes }: { teacherId: number; lessonTypes: readonly LessonType[] }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [toRemove, setToRemove] = useState<LessonType | null>(null);
  const [deleteLessonType, deleting] = useDeleteLessonTypeMutation();
  const { enqueueSnackbar } = useToasts();
  const addButton = useRef<HTMLButtonElement>(null);
  /** The type just removed: once its row is gone from the list, the focus goes to 'Add lesson type'. */
  const removedId = useRef<number | null>(null);

  useEffect(() => {
    if (removedId.current === null || lessonTypes.some((lessonType) => lessonType.id === removedId.current)) return;
    removedId.current = null;
    addButton.current?.focus();
  }, [lessonTypes]);

  async function remove(lessonType: LessonType) {
    try {
      await deleteLessonType({ teacherId, lessonTypeId: lessonType.id }).unwrap();
      removedId.current = lessonType.id;
      enqueueSnackbar(messages.typeRemoved(lessonType.title), { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS });
    } catch (error) {
      enqueueSnackbar(errorText(error, messages.typeNotRemoved), { variant: 'error' });
    }
    setToRemove(null);
  }

  return (
    <>
      {lessonTypes.length === 0 ? (
        <Typography sx={{ mb: 2 }}>{messages.noTypes}</Typography>
      ) : (
        <Stack component="ul" aria-label={messages.typesListLabel} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
          {lessonTypes.map((lessonType) => (
            <Box
              component="li"
              key={lessonType.id}
              aria-label={lessonType.title}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
                <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {lessonType.title}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {messages.minutes(lessonType.minutes)} · {lessonType.free_trial ? messages.freeTrial : messages.price(lessonType.price)} ·{' '}
                  {lessonType.languages.join(', ')}
                </Typography>
              </Box>
              <Button size="small" aria-label={messages.editTypeNamed(lessonType.title)} aria-haspopup="dialog" onClick={() => setEditing({ lessonType })}>
                {messages.editType}
              </Button>
              <Button size="small" color="error" aria-label={messages.removeTypeNamed(lessonType.title)} aria-haspopup="dialog" onClick={() => setToRemove(lessonType)}>
                {messages.removeType}
              </Button>
            </Box>
          ))}
        </Stack>
      )}
      {lessonTypes.length < MOST_TYPES ? (
        <Button ref={addButton} variant="contained" startIcon={<AddIcon />} aria-haspopup="dialog" onClick={() => setEditing({ lessonType: null })}>
          {messages.addType}
        </Button>
      ) : (
        <Typography>{messages.mostTypes(MOST_TYPES)}</Typography>
      )}
      {editing === null ? null : (
        <LessonTypeDialog
          teacherId={teacherId}
          lessonType={editing.lessonType}
          otherFreeTrial={lessonTypes.some((other) => other.free_trial && other.id !== editing.lessonType?.id)}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={toRemove !== null}
        title={messages.removeTypeQuestion(toRemove?.title ?? '')}
        confirmLabel={messages.removeTypeConfirm}
        cancelLabel={messages.keepType}
        busy={deleting.isLoading}
        onConfirm={() => {
          if (toRemove) void remove(toRemove);
        }}
        onCancel={() => setToRemove(null)}
      >
        {messages.removeTypeText}
      </ConfirmDialog>
    </>
  );
}
