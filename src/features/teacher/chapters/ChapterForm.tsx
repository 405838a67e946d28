import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { classifyError, errorText, type FileRule, formErrors } from '@/api';
import { FileField } from '@/components/FileField';
import { fileHint } from '@/components/fileChecks';
import { ServerMessage } from '@/components/ServerMessage';
import { UploadProgress } from '@/components/UploadProgress';
import { requiredSlots, type SubmitResult } from '../courses/CourseForm';
import { teacherChapterMessages as messages } from './chapterMessages';
import { teacherAreaMessages } from '../area/messages';
import { UploadFailureNote } from '../area/UploadFailureNote';

export interface ChapterFormValues {
  title: string;
  description: string;
  remarks: string;
  /** A newly chosen video. */
  video: File | null;
  /** A newly chosen captions file (WebVTT), optional. */
  captions: File | null;
}

type Field = keyof ChapterFormValues;
type FieldErrors = Partial<Record<Field, string>>;

export interface ChapterFormProps {
  initial: ChapterFormValues;
  /** The chapter's current video (edit), played above the choice of a new one. */
  currentVideoUrl?: string | null;
  /** The chapter's current captions (edit), shown with the current video and linked. */
  currentCaptionsUrl?: string | null;
  videoRequired: boolean;
  videoRules: FileRule;
  captionsRules: FileRule;
  submitLabel: string;
  busyLabel: string;
  upload: { uploading: boolean; percent: number | null; cancel: () => void };
  onSubmit: (values: ChapterFormValues) => Promise<SubmitResult>;
}

const fieldOrder: readonly Field[] = ['title', 'description', 'video', 'captions', 'remarks'];

function serverFieldErrors(error: unknown): FieldErrors | null {
  const failure = classifyError(error);
  if (failure.kind !== 'refused') return null;
  const errors: FieldErrors = {};
  for (const field of fieldOrder) if (failure.fields[field]) errors[field] = failure.fields[field];
  if (Object.keys(errors).length > 0) return errors;
  if (failure.msg !== null && /captions|webvtt/i.test(failure.msg)) return { captions: failure.msg };
  if (failure.msg !== null && /video/i.test(failure.msg)) return { video: failure.msg };
  if (failure.msg !== null && /title/i.test(failure.msg)) return { title: failure.msg };
  return null;
}

/** Whether the chapter form shows this failure's reason under one of its fields (then no failure toast is raised). */
export function hasChapterFieldError(error: unknown): boolean {
  return serverFieldErrors(error) !== null;
}

/**
 * The fields of a chapter (spec section 2.5): title, description, video, captions (an
 * extension: an optional WebVTT file, WCAG 1.2.2) and remarks, checked
 * before sending; the progress and Cancel of the upload; the reason of a refusal under its
 * field. What was typed stays after a failure or a cancellation.
 */
export function ChapterForm({
  initial,
  currentVideoUrl,
  currentCaptionsUrl,
  videoRequired,
  videoRules,
  captionsRules,
  submitLabel,
  busyLabel,
  upload,
  onSubmit,
}: ChapterFormProps) {
  const [values, setValues] = useState<ChapterFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  /** Why the last submit failed: an alert when no toast said it, else a note read with the button. */
  const [failure, setFailure] = useState<{ text: string; alert: boolean } | null>(null);
  const failureId = useId();
  const form = useRef<HTMLFormElement>(null);
  /** Where the focus goes once the fields are enabled again (they are disabled while uploading). */
  const [focusTarget, setFocusTarget] = useState<{ to: Field | 'submit' } | null>(null);

  useEffect(() => {
    if (focusTarget === null || upload.uploading) return;
    const selector = focusTarget.to === 'submit' ? 'button[type="submit"]' : `[name="${focusTarget.to}"]`;
    form.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [focusTarget, upload.uploading]);

  function change<Name extends Field>(name: Name, value: ChapterFormValues[Name]) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _fixed, ...others }) => others);
  }

  function showErrors(found: FieldErrors) {
    setErrors(found);
    const first = fieldOrder.find((field) => found[field]);
    if (first) setFocusTarget({ to: first });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (upload.uploading) return;
    setFailure(null);
    const checked: FieldErrors = {};
    if (values.title.trim() === '') checked.title = messages.titleRequired;
    if (videoRequired && values.video === null) checked.video = messages.videoRequired;
    if (Object.keys(checked).length > 0) {
      showErrors(checked);
      return;
    }
    setErrors({});
    setFocusTarget(null);
    const result = await onSubmit(values);
    const fieldErrors = result.saved || result.error === undefined ? null : serverFieldErrors(result.error);
    if (fieldErrors) {
      showErrors(fieldErrors);
      // A field map may also say things no field shows (`non_field_errors`, a hidden field); a lone
      // `msg` is already under its field.
      const error = result.saved ? undefined : result.error;
      const refusal = error === undefined ? null : classifyError(error);
      if (refusal?.kind === 'refused' && Object.keys(refusal.fields).length > 0) {
        const rest = formErrors(error, fieldOrder, null).message;
        setFailure(rest ? { text: rest, alert: true } : null);
      }
    } else {
      setFocusTarget({ to: 'submit' });
      // The failure toast has said it failed: the reason is read with the button, not announced again.
      const reason = !result.saved && result.error !== undefined ? errorText(result.error, null) : null;
      setFailure(reason ? { text: reason, alert: false } : null);
    }
    if (result.saved) setValues((current) => ({ ...current, video: null, captions: null }));
  }

  const textField = (name: 'title' | 'description' | 'remarks', label: string, extra: object = {}) => (
    <TextField
      name={name}
      label={label}
      value={values[name]}
      onChange={(event) => change(name, event.target.value)}
      error={errors[name] !== undefined}
      helperText={errors[name]}
      disabled={upload.uploading}
      {...extra}
    />
  );

  return (
    <Stack component="form" ref={form} spacing={2.5} noValidate onSubmit={(event) => void submit(event)} sx={{ maxWidth: 640 }}>
      {textField('title', messages.chapterTitleLabel, { slotProps: requiredSlots })}
      {textField('description', messages.descriptionLabel, { multiline: true, minRows: 4 })}
      <FileField
        label={messages.videoLabel}
        name="video"
        kind="video"
        rules={videoRules}
        value={values.video}
        onChange={(file) => change('video', file)}
        currentUrl={currentVideoUrl}
        currentCaptionsUrl={currentCaptionsUrl}
        required={videoRequired}
        error={errors.video}
        disabled={upload.uploading}
      />
      <FileField
        label={messages.captionsLabel}
        name="captions"
        kind="captions"
        rules={captionsRules}
        value={values.captions}
        onChange={(file) => change('captions', file)}
        currentUrl={currentCaptionsUrl}
        error={errors.captions}
        disabled={upload.uploading}
        hint={messages.captionsHint(fileHint(captionsRules))}
      />
      {textField('remarks', messages.remarksLabel, { multiline: true, minRows: 2 })}
      {upload.uploading ? <UploadProgress percent={upload.percent} label={teacherAreaMessages.uploadProgressLabel} onCancel={upload.cancel} cancelLabel={teacherAreaMessages.cancelUpload} /> : null}
      <Button
        type="submit"
        variant="contained"
        disabled={upload.uploading}
        aria-describedby={failure && !failure.alert ? failureId : undefined}
        sx={{ alignSelf: 'flex-start' }}
      >
        {upload.uploading ? busyLabel : submitLabel}
      </Button>
      {failure?.alert ? <ServerMessage tone="error">{failure.text}</ServerMessage> : null}
      {failure && !failure.alert ? <UploadFailureNote id={failureId}>{failure.text}</UploadFailureNote> : null}
    </Stack>
  );
}
