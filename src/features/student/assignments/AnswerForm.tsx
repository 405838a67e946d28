import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { type Assignment, isUploadCancelled, uploadRules, useAnswerAssignmentMutation, useUpload } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { formatBytes } from '@/components/fileChecks';
import { fieldsNamedIn, useFieldErrors, type FieldErrors, type MessageFields } from '@/hooks/useFieldErrors';
import { VoiceRecorder } from '@/components/recorder/VoiceRecorder';
import { voiceFileOf } from '@/components/recorder/useVoiceRecorder';
import { ServerMessage } from '@/components/ServerMessage';
import { useToasts } from '@/components/toasts/useToasts';
import { SUCCESS_TOAST_MS } from '@/components/toasts/toastDurations';
import { UploadProgress } from '@/components/UploadProgress';
import { draftKey, useDraft } from '@/components/forms/drafts';
import { selectStudentId } from '@/features/session/sessionSlices';
import { assignmentMessages as messages } from './assignmentMessages';
import type { AnswerKind } from './assignmentState';

/** The most characters of a written answer or a note (api-spec.yaml `AnswerForm.text`). */
const TEXT_LIMIT = 5000;
const fileRules: { readonly types: readonly string[]; readonly maxBytes: number } = uploadRules.answerAssignment.file;

type Field = 'text' | 'voice' | 'file';
const fieldOrder: readonly Field[] = ['voice', 'file', 'text'];

/** Where a provider's lone `msg` goes, by its words. */
function messageFieldsFor(kind: AnswerKind): MessageFields<Field> {
  const media: Field = kind === 'file' ? 'file' : 'voice';
  return [[/voice|record|audio|minute/i, 'voice'], [/file|upload|too large|type/i, media], ...fieldsNamedIn(fieldOrder)];
}

/** Media types browsers sometimes leave empty, by extension, for the answer file. */
const answerTypesByExtension: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  txt: 'text/plain',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const fileTypeNames = 'PDF, PNG, JPEG, WebP, text, audio (WebM, Ogg, MP3, M4A) or Word (.docx)';

function fileProblem(file: File): string | null {
  const type = file.type || answerTypesByExtension[file.name.split('.').pop()?.toLowerCase() ?? ''] || '';
  if (!fileRules.types.includes(type)) return `Choose a file of these types: ${fileTypeNames}.`;
  if (file.size === 0) return 'The file is empty.';
  if (file.size > fileRules.maxBytes) return `The file is too large: the limit is ${formatBytes(fileRules.maxBytes)}.`;
  return null;
}

/** A labelled file input for the answer, checked against AnswerFile's types and size before anything is sent. */
function AnswerFileField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  disabled: boolean;
}) {
  const inputId = useId();
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? error;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    const refused = file ? fileProblem(file) : null;
    setProblem(refused);
    if (refused) event.target.value = '';
    onChange(refused ? null : file);
  }

  return (
    <Stack spacing={0.5}>
      <Typography component="label" htmlFor={inputId} sx={{ fontWeight: 500 }}>
        {messages.fileLabel}
      </Typography>
      <Box
        component="input"
        id={inputId}
        name="file"
        type="file"
        accept={fileRules.types.join(',')}
        aria-required
        aria-invalid={message ? true : undefined}
        aria-describedby={hintId}
        disabled={disabled}
        onChange={choose}
        sx={{ font: 'inherit', maxWidth: '100%' }}
      />
      <FormHelperText id={hintId} error={Boolean(message)} role={problem ? 'alert' : undefined} sx={{ mx: 0 }}>
        {message ?? `${fileTypeNames}, up to ${formatBytes(fileRules.maxBytes)}.`}
      </FormHelperText>
      {value ? <Typography variant="body2">{value.name}</Typography> : null}
    </Stack>
  );
}

/**
 * The student's answer for the assignment's kind: a recording (VoiceRecorder), a written text
 * (counted near its limit) or a file, with an optional note beside a recording or a file. Checked
 * before sending; 'Hand in' uploads with the progress and Cancel. A refusal shows under its field
 * (the one error classifier), and the values stay. The typed text is a draft kept on the device
 * (`useDraft`, per student and assignment) until it is handed in.
 */
export function AnswerForm({
  assignment,
  kind,
  initialText = '',
  onHandedIn,
  onCancel,
}: {
  assignment: Assignment;
  kind: Exclude<AnswerKind, 'done'>;
  initialText?: string;
  onHandedIn: () => void;
  /** Offered when changing an answer already handed in: back to it, unchanged. */
  onCancel?: () => void;
}) {
  const [answer] = useAnswerAssignmentMutation();
  const upload = useUpload(answer);
  const { enqueueSnackbar } = useToasts();
  const studentId = useAppSelector(selectStudentId);
  // What is typed is kept on the device until handed in (Back and Forward, a reload find it again).
  const [text, setText, forgetDraft] = useDraft(studentId === null ? null : draftKey({ side: 'student', id: studentId }, `assignment:${assignment.id}`), initialText);
  const [voice, setVoice] = useState<Blob | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const messageFields = messageFieldsFor(kind);
  const { formRef, errors, show, clear, refuse, fieldProps } = useFieldErrors<Field>(fieldOrder, {
    messageFields,
    paused: upload.uploading,
    limits: { text: TEXT_LIMIT },
  });

  function check(): FieldErrors<Field> {
    if (kind === 'voice' && voice === null) return { voice: messages.recordFirst };
    if (kind === 'file' && file === null) return { file: messages.chooseFileFirst };
    if (kind === 'text' && text.trim() === '') return { text: messages.writeFirst };
    return {};
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setCancelled(false);
    if (!show(check(), { text })) return;
    const note = text.trim();
    try {
      await upload.send({
        assignmentId: assignment.id,
        answerForm: {
          ...(note === '' ? {} : { text: kind === 'text' ? text : note }),
          ...(kind === 'voice' && voice ? { voice: voiceFileOf(voice, 'answer') } : {}),
          ...(kind === 'file' && file ? { file } : {}),
        },
      });
      forgetDraft();
      enqueueSnackbar(messages.handedIn, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS });
      onHandedIn();
    } catch (error) {
      if (isUploadCancelled(error)) {
        setCancelled(true);
        return;
      }
      setFailure(refuse(error, messages.handInFailed).message);
    }
  }

  const textLabel = kind === 'text' ? messages.textLabel : messages.noteLabel;
  return (
    <Stack component="form" ref={formRef} noValidate onSubmit={(event) => void submit(event)} spacing={2.5} sx={{ maxWidth: 640 }}>
      {kind === 'voice' ? (
        <VoiceRecorder
          label={messages.voiceLabel}
          value={voice}
          onChange={(next) => {
            setVoice(next);
            clear('voice');
          }}
          disabled={upload.uploading}
          error={errors.voice}
        />
      ) : null}
      {kind === 'file' ? (
        <AnswerFileField
          value={file}
          onChange={(next) => {
            setFile(next);
            clear('file');
          }}
          error={errors.file}
          disabled={upload.uploading}
        />
      ) : null}
      <TextField
        label={textLabel}
        multiline
        minRows={kind === 'text' ? 6 : 2}
        value={text}
        required={kind === 'text'}
        disabled={upload.uploading}
        onChange={(event) => {
          setText(event.target.value);
          clear('text');
        }}
        {...fieldProps('text', undefined, text)}
      />
      {upload.uploading ? <UploadProgress percent={upload.percent} label={messages.uploadProgress} onCancel={upload.cancel} /> : null}
      {failure ? <ServerMessage tone="error">{failure}</ServerMessage> : null}
      {cancelled ? <Typography role="status">{messages.handInCancelled}</Typography> : null}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={upload.uploading}>
          {onCancel ? messages.handInAgain : messages.handIn}
        </Button>
        {onCancel ? (
          <Button
            variant="outlined"
            onClick={() => {
              forgetDraft();
              onCancel();
            }}
            disabled={upload.uploading}
          >
            {messages.keepAnswer}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}

