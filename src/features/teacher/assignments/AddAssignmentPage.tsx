import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useToasts } from '@/components/toasts/useToasts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCreateAssignmentMutation } from '@/api';
import { fieldsNamedIn, useFieldErrors, type MessageFields } from '@/components/forms/useFieldErrors';
import { maxLengths } from '@/components/forms/validators';
import { PageHeading } from '@/components/PageHeading';
import { ServerMessage } from '@/components/ServerMessage';
import { paths } from '@/config/paths';
import { useAssignmentRoute } from './useAssignmentRoute';
import { teacherAssignmentMessages as messages } from './assignmentMessages';
import { SUCCESS_TOAST_MS } from '@/components/toasts/toastDurations';

type FieldName = 'title' | 'detail';

const fieldOrder: readonly FieldName[] = ['title', 'detail'];

/** A provider's lone `msg` about a field ('The title must be at most 200 characters long.') goes under it. */
const messageFields: MessageFields<FieldName> = [[/\bdescription\b/i, 'detail'], ...fieldsNamedIn(fieldOrder)];

function AssignmentForm({ studentId, teacherId }: { studentId: number; teacherId: number }) {
  const [createAssignment, { isLoading }] = useCreateAssignmentMutation();
  const { enqueueSnackbar } = useToasts();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<FieldName, string>>({ title: '', detail: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const { formRef, show, clear, refuse, fieldProps } = useFieldErrors(fieldOrder, { messageFields, limits: maxLengths.AssignmentForm });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    // An empty title, or a text over its limit, is said under its field; nothing is sent.
    if (!show(values.title.trim() === '' ? { title: messages.titleRequired } : {}, values)) return;
    try {
      await createAssignment({
        teacherId,
        studentId,
        assignmentForm: { teacher: teacherId, student: studentId, title: values.title.trim(), detail: values.detail.trim() },
      }).unwrap();
      enqueueSnackbar(messages.assignmentAdded, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS });
      navigate(paths.showAssignment(studentId, teacherId));
    } catch (error) {
      // A refusal about the title or description shows under it; the rest (a student outside the teacher's courses) below.
      setFailure(refuse(error, messages.assignmentFailed).message);
    }
  }

  const field = (name: FieldName) => ({
    ...fieldProps(name, undefined, values[name]),
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      clear(name);
    },
  });

  return (
    <Stack component="form" ref={formRef} spacing={2.5} noValidate onSubmit={(event) => void submit(event)} sx={{ maxWidth: 640 }}>
      <TextField label={messages.titleLabel} required {...field('title')} />
      {/* A long description scrolls inside its box, so the title and the button stay near. */}
      <TextField label={messages.descriptionLabel} multiline minRows={5} maxRows={12} {...field('detail')} />
      <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
        {messages.submitButton}
      </Button>
      {failure ? <ServerMessage tone="error">{failure}</ServerMessage> : null}
    </Stack>
  );
}

/**
 * /add-assignment/:student_id/:teacher_id (spec sections 2.5 and 8): title and description, sent
 * with Submit; 'Assignment has been added' (3 s), then the student's assignment list. A refusal
 * (for example a student outside the teacher's courses) shows under the form, values kept.
 */
export function AddAssignmentPage() {
  const { ids, name } = useAssignmentRoute();
  return (
    <PageHeading title={messages.addAssignmentTitle}>
      {ids === null ? (
        <ServerMessage tone="error">{messages.invalidAssignmentLink}</ServerMessage>
      ) : (
        <>
          {name ? (
            <Typography component="p" variant="h6" sx={{ mb: 2 }}>
              {messages.addAssignmentIntro(name)}
            </Typography>
          ) : null}
          <AssignmentForm studentId={ids.studentId} teacherId={ids.teacherId} />
        </>
      )}
    </PageHeading>
  );
}
