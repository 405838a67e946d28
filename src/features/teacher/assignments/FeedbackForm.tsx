import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Assignment, useGiveAssignmentFeedbackMutation, useUpload } from '@/api';
import { fieldsNamedIn, refusalHasField, type FieldErrors, type MessageFields } from '@/hooks/useFieldErrors';
import { VoiceRecorder } from '@/components/recorder/VoiceRecorder';
import { RESULT_TOAST_MS } from '@/components/toasts/toastDurations';
import { UploadFormActions } from '../area/UploadFormActions';
import { UploadTextField } from '../area/UploadTextField';
import { useUploadForm, useUploadSubmit } from '../area/useUploadForm';
import { teacherAssignmentMessages as messages } from './assignmentMessages';

/** The most characters of the feedback text (api-spec.yaml `FeedbackForm.text`). */
const TEXT_LIMIT = 5000;
const percentShape = /^(100|[1-9]?[0-9])$/;
const words = ['needs_work', 'good', 'excellent'] as const;

interface Values {
  text: string;
  /** A word of the scale, or a whole percentage as typed; '' for no mark. */
  mark: string;
  voice: Blob | null;
}
type Field = 'text' | 'voice' | 'mark';
const fieldOrder: readonly Field[] = ['text', 'voice', 'mark'];
const messageFields: MessageFields<Field> = [[/voice|record|audio|upload|too large/i, 'voice'], [/mark|scale/i, 'mark'], ...fieldsNamedIn(fieldOrder)];
const limits = { text: TEXT_LIMIT };

function check(values: Values, percent: boolean): FieldErrors<Field> {
  const mark = values.mark.trim();
  if (percent && mark !== '' && !percentShape.test(mark)) return { mark: messages.percentInvalid };
  if (values.text.trim() === '' && mark === '' && values.voice === null) return { text: messages.feedbackEmpty };
  return {};
}

/** The mark on the assignment's scale: a select of the words, or a 0–100 field. */
function MarkField({
  percent,
  value,
  onChange,
  error,
  disabled,
}: {
  percent: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled: boolean;
}) {
  const common = {
    name: 'mark',
    value,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value),
    error: error !== undefined,
    helperText: error,
    disabled,
  };
  if (percent) {
    return <TextField {...common} label={messages.percentLabel} slotProps={{ htmlInput: { inputMode: 'numeric' } }} sx={{ maxWidth: 220 }} />;
  }
  return (
    <TextField {...common} select label={messages.markLabel} slotProps={{ select: { native: true }, inputLabel: { shrink: true } }} sx={{ maxWidth: 260 }}>
      <option value="">{messages.noMark}</option>
      {words.map((word) => (
        <option key={word} value={word}>
          {messages.marks[word]}
        </option>
      ))}
    </TextField>
  );
}

/**
 * The teacher's feedback on an answer (extension `giveAssignmentFeedback`): a text (counted near
 * its limit), an optional voice note and the mark on the assignment's scale, checked before
 * sending (at least one of them; a percentage from 0 to 100). 'Send feedback' uploads with the
 * progress and Cancel; a refusal shows under its field, the values kept.
 */
export function FeedbackForm({ assignment, onSaved }: { assignment: Assignment; onSaved: () => void }) {
  const percent = assignment.mark_scale === 'percent';
  const [giveFeedback] = useGiveAssignmentFeedbackMutation();
  const upload = useUpload(giveFeedback);
  const sendWithToasts = useUploadSubmit();
  const earlier = assignment.feedback;
  const { textField, values, change, errors, formRef, failure, submit } = useUploadForm<Values, Field>({
    initial: { text: earlier?.text ?? '', mark: earlier?.mark ?? '', voice: null },
    fieldOrder,
    messageFields,
    limits,
    upload,
    check: (current) => check(current, percent),
    onSubmit: async (current) => {
      const mark = current.mark.trim();
      const result = await sendWithToasts(
        { progress: current.voice ? messages.feedbackSending : undefined, success: messages.feedbackSent, failure: messages.feedbackFailed, successMs: RESULT_TOAST_MS },
        () =>
          upload.send({
            assignmentId: assignment.id,
            feedbackForm: {
              ...(current.text.trim() === '' ? {} : { text: current.text.trim() }),
              ...(mark === '' ? {} : { mark }),
              ...(current.voice ? { voice: current.voice } : {}),
            },
          }),
        { failureHasField: (error) => refusalHasField(error, fieldOrder, messageFields) },
      );
      if (result.saved) onSaved();
      return result;
    },
    saved: (current) => current,
  });

  return (
    <Stack component="form" ref={formRef} spacing={2.5} noValidate onSubmit={submit} sx={{ maxWidth: 640 }} aria-label={messages.feedbackHeading}>
      <UploadTextField label={messages.feedbackTextLabel} multiline minRows={4} {...textField('text')} />
      <VoiceRecorder
        label={messages.feedbackVoiceLabel}
        value={values.voice}
        onChange={(voice) => change('voice', voice, 'voice')}
        error={errors.voice}
        disabled={upload.uploading}
      />
      {earlier?.voice ? <Typography variant="body2">{messages.voiceReplaced}</Typography> : null}
      <MarkField
        percent={percent}
        value={values.mark}
        onChange={(mark) => change('mark', mark, 'mark')}
        error={errors.mark}
        disabled={upload.uploading}
      />
      <UploadFormActions upload={upload} submitLabel={messages.sendFeedback} failure={failure} />
    </Stack>
  );
}
