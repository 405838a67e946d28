import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useToasts } from '@/components/toasts/useToasts';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { type AssignmentForm as AssignmentFormBody, maxLengths, useCreateAssignmentMutation } from '@/api';
import { fieldsNamedIn, useFieldErrors, type FieldErrors, type MessageFields } from '@/hooks/useFieldErrors';
import { PageHeading } from '@/components/PageHeading';
import { ServerMessage } from '@/components/ServerMessage';
import { paths } from '@/config/paths';
import { useAssignmentRoute } from './useAssignmentRoute';
import { teacherAssignmentMessages as messages } from './assignmentMessages';
import { SUCCESS_TOAST_MS } from '@/components/toasts/toastDurations';

type FieldName = 'title' | 'detail' | 'due_at';
type AnswerKind = NonNullable<AssignmentFormBody['answer_kind']>;
type MarkScale = NonNullable<AssignmentFormBody['mark_scale']>;

const fieldOrder: readonly FieldName[] = ['title', 'detail', 'due_at'];
const answerKinds: readonly AnswerKind[] = ['voice', 'text', 'file', 'done'];
const markScales: readonly MarkScale[] = ['words', 'percent'];

/** A provider's lone `msg` about a field ('The title must be at most 200 characters long.') goes under it. */
const messageFields: MessageFields<FieldName> = [[/\bdescription\b/i, 'detail'], [/\bdue\b/i, 'due_at'], ...fieldsNamedIn(fieldOrder)];

interface Values {
  title: string;
  detail: string;
  /** The `datetime-local` input's value ('2026-11-30T18:00', the reader's zone), or ''. */
  due_at: string;
  answer_kind: AnswerKind;
  mark_scale: MarkScale;
}

/** The problems to say before sending: a title, and a due date that is readable and ahead. */
function check(values: Values, now: Date): FieldErrors<FieldName> {
  const found: FieldErrors<FieldName> = {};
  if (values.title.trim() === '') found.title = messages.titleRequired;
  if (values.due_at !== '') {
    const due = new Date(values.due_at);
    if (Number.isNaN(due.getTime())) found.due_at = messages.dueUnreadable;
    else if (due.getTime() <= now.getTime()) found.due_at = messages.dueInPast;
  }
  return found;
}

/** A group of radio buttons named by its legend. */
function Choice<Option extends string>({
  legend,
  name,
  options,
  labels,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly Option[];
  labels: Record<Option, string>;
  value: Option;
  onChange: (value: Option) => void;
}) {
  const legendId = useId();
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={legendId}>
        {legend}
      </FormLabel>
      <RadioGroup aria-labelledby={legendId} name={name} value={value} onChange={(event) => onChange(event.target.value as Option)}>
        {options.map((option) => (
          <FormControlLabel key={option} value={option} control={<Radio />} label={labels[option]} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function AssignmentForm({ studentId, teacherId }: { studentId: number; teacherId: number }) {
  const [createAssignment, { isLoading }] = useCreateAssignmentMutation();
  const { enqueueSnackbar } = useToasts();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({ title: '', detail: '', due_at: '', answer_kind: 'voice', mark_scale: 'words' });
  const [failure, setFailure] = useState<string | null>(null);
  const { formRef, show, clear, refuse, fieldProps } = useFieldErrors(fieldOrder, { messageFields, limits: maxLengths.AssignmentForm });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    // An empty title, a due date in the past, or a text over its limit is said under its field; nothing is sent.
    if (!show(check(values, new Date()), values)) return;
    try {
      await createAssignment({
        teacherId,
        studentId,
        assignmentForm: {
          teacher: teacherId,
          student: studentId,
          title: values.title.trim(),
          detail: values.detail.trim(),
          // Extensions: a provider without them ignores these fields (the assignment is the spec's done-only one).
          answer_kind: values.answer_kind,
          mark_scale: values.mark_scale,
          ...(values.due_at === '' ? {} : { due_at: new Date(values.due_at).toISOString() }),
        },
      }).unwrap();
      enqueueSnackbar(messages.assignmentAdded, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS });
      navigate(paths.showAssignment(studentId, teacherId));
    } catch (error) {
      // A refusal about the title, description or due date shows under it; the rest (a student outside the teacher's courses) below.
      setFailure(refuse(error, messages.assignmentFailed).message);
    }
  }

  const set = <Name extends keyof Values>(name: Name, value: Values[Name]) => setValues((current) => ({ ...current, [name]: value }));
  const field = (name: FieldName, hint?: string) => ({
    ...fieldProps(name, hint, values[name]),
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      set(name, event.target.value);
      clear(name);
    },
  });

  return (
    <Stack component="form" ref={formRef} spacing={2.5} noValidate onSubmit={(event) => void submit(event)} sx={{ maxWidth: 640 }}>
      <TextField label={messages.titleLabel} required {...field('title')} />
      {/* A long description scrolls inside its box, so the title and the button stay near. */}
      <TextField label={messages.descriptionLabel} multiline minRows={5} maxRows={12} {...field('detail')} />
      <Choice
        legend={messages.answerKindLegend}
        name="answer_kind"
        options={answerKinds}
        labels={messages.answerKinds}
        value={values.answer_kind}
        onChange={(kind) => set('answer_kind', kind)}
      />
      <TextField type="datetime-local" label={messages.dueLabel} {...field('due_at', messages.dueHint)} slotProps={{ inputLabel: { shrink: true } }} />
      <Choice
        legend={messages.markScaleLegend}
        name="mark_scale"
        options={markScales}
        labels={messages.markScales}
        value={values.mark_scale}
        onChange={(scale) => set('mark_scale', scale)}
      />
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
 * Extensions: how the student answers (voice by default, text, a file, or only 'done'), an
 * optional due date in the future and the mark scale; a provider without them ignores them.
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
