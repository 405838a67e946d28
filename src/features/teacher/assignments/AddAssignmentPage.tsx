import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useToasts } from '@/components/toasts/useToasts';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { classifyError, errorText, useCreateAssignmentMutation } from '@/api';
import { PageHeading } from '@/components/PageHeading';
import { ServerMessage } from '@/components/ServerMessage';
import { paths } from '@/config/paths';
import { useAssignmentRoute } from './useAssignmentRoute';
import { teacherAssignmentMessages as messages } from './assignmentMessages';
import { SUCCESS_TOAST_MS } from '@/components/toasts/toastDurations';

type FieldName = 'title' | 'detail';
type FieldErrors = Partial<Record<FieldName, string>>;

function AssignmentForm({ studentId, teacherId }: { studentId: number; teacherId: number }) {
  const [createAssignment, { isLoading }] = useCreateAssignmentMutation();
  const { enqueueSnackbar } = useToasts();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<FieldName, string>>({ title: '', detail: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const titleInput = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    if (values.title.trim() === '') {
      setErrors({ title: messages.titleRequired });
      titleInput.current?.focus();
      return;
    }
    try {
      await createAssignment({
        teacherId,
        studentId,
        assignmentForm: { teacher: teacherId, student: studentId, title: values.title.trim(), detail: values.detail.trim() },
      }).unwrap();
      enqueueSnackbar(messages.assignmentAdded, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS });
      navigate(paths.showAssignment(studentId, teacherId));
    } catch (error) {
      const failed = classifyError(error);
      const fields = failed.kind === 'refused' ? failed.fields : {};
      if (fields.title || fields.detail) {
        setErrors({ title: fields.title, detail: fields.detail });
        if (fields.title) titleInput.current?.focus();
      } else {
        setFailure(errorText(error, messages.assignmentFailed));
      }
    }
  }

  const field = (name: FieldName) => ({
    name,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors(({ [name]: _fixed, ...others }) => others);
    },
    error: errors[name] !== undefined,
    helperText: errors[name],
  });

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={(event) => void submit(event)} sx={{ maxWidth: 640 }}>
      <TextField label={messages.titleLabel} required inputRef={titleInput} {...field('title')} />
      <TextField label={messages.descriptionLabel} multiline minRows={5} {...field('detail')} />
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
