import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorText, type Lesson, lessonsApi, maxLengths, useListStudentAssignmentsQuery } from '@/api';
import { ServerMessage } from '@/components/ServerMessage';
import { SUCCESS_TOAST_MS } from '@/components/toasts/toastDurations';
import { useToasts } from '@/components/toasts/useToasts';
import { paths } from '@/config/paths';
import { lessonMessages as messages } from '../lessonMessages';

/**
 * The teacher's note on a lesson that has started: what it covered, and the homework, one of the
 * teacher's assignments for the student (or a link to set a new one). What was written stays in
 * the fields when saving fails.
 */
export function LessonNoteDialog({ lesson, onClose }: { lesson: Lesson; onClose: () => void }) {
  const titleId = useId();
  const [writeNote, { isLoading }] = lessonsApi.useWriteLessonNoteMutation();
  const assignments = useListStudentAssignmentsQuery({ teacherId: lesson.teacher_id, studentId: lesson.student_id });
  const [note, setNote] = useState(lesson.note ?? '');
  const [homework, setHomework] = useState(lesson.homework_assignment_id === null || lesson.homework_assignment_id === undefined ? '' : String(lesson.homework_assignment_id));
  const [noteError, setNoteError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { enqueueSnackbar } = useToasts();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    if (note.trim() === '') {
      setNoteError(messages.noteMissing);
      return;
    }
    setFailure(null);
    try {
      await writeNote({ lessonId: lesson.id, lessonNoteForm: { note: note.trim(), homework_assignment_id: homework } }).unwrap();
      enqueueSnackbar(messages.noteSaved(lesson.title), { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS });
      onClose();
    } catch (error) {
      setFailure(errorText(error, messages.noteFailed));
    }
  }

  return (
    <Dialog open onClose={() => !isLoading && onClose()} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{messages.noteHeading(lesson.title, lesson.student_name)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              name="note"
              label={messages.noteLabel}
              value={note}
              onChange={(event) => {
                setNote(event.target.value);
                setNoteError(null);
              }}
              error={noteError !== null}
              helperText={noteError ?? messages.noteHint}
              required
              multiline
              minRows={3}
              fullWidth
              disabled={isLoading}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the one thing to do in this dialog is to write the note
              autoFocus
              slotProps={{ htmlInput: { maxLength: maxLengths.LessonNoteForm.note } }}
            />
            <TextField
              select
              name="homework_assignment_id"
              label={messages.homeworkLabel}
              value={homework}
              onChange={(event) => setHomework(event.target.value)}
              disabled={isLoading || assignments.data === undefined}
              helperText={assignments.isError ? messages.assignmentsFailed : undefined}
              slotProps={{ select: { native: true } }}
              fullWidth
            >
              <option value="">{messages.noHomework}</option>
              {(assignments.data ?? []).map((assignment) => (
                <option key={assignment.id} value={String(assignment.id)}>
                  {assignment.title}
                </option>
              ))}
            </TextField>
            <Link component={RouterLink} to={paths.addAssignment(lesson.student_id, lesson.teacher_id)}>
              {messages.setNewAssignment(lesson.student_name)}
            </Link>
            {failure === null ? null : <ServerMessage tone="error">{failure}</ServerMessage>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            {messages.close}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? messages.saving : messages.saveNote}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
