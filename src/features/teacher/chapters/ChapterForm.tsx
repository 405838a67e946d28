import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { type FileRule } from '@/api';
import { FileField } from '@/components/FileField';
import { fileHint } from '@/components/fileChecks';
import { refusalHasField, useFieldErrors, type FieldErrors, type MessageFields } from '@/components/forms/useFieldErrors';
import { lengthLimit } from '@/components/forms/validators';
import { requiredSlotsWith, type SubmitResult, type TextFieldExtra } from '../courses/CourseForm';
import { teacherChapterMessages as messages } from './chapterMessages';
import { UploadFormActions, type UploadState } from '../area/UploadFormActions';

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
  upload: UploadState;
  onSubmit: (values: ChapterFormValues) => Promise<SubmitResult>;
}

const fieldOrder: readonly Field[] = ['title', 'description', 'video', 'captions', 'remarks'];

/** Where the provider's lone `msg` goes, by its words ("The video is too large…"). */
const messageFields: MessageFields<Field> = [
  [/captions|webvtt/i, 'captions'],
  [/video/i, 'video'],
  [/title/i, 'title'],
];

/** Whether the chapter form shows this failure's reason under one of its fields (then no failure toast is raised). */
export function hasChapterFieldError(error: unknown): boolean {
  return refusalHasField(error, fieldOrder, messageFields);
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
  /** Why the last submit failed: an alert when no toast said it, else a note read with the button. */
  const [failure, setFailure] = useState<{ text: string; alert: boolean } | null>(null);
  // The fields are disabled while uploading: the focus moves once they are enabled again.
  const { formRef, errors, show, clear, settle, fieldProps } = useFieldErrors(fieldOrder, { messageFields, paused: upload.uploading });

  function change<Name extends Field>(name: Name, value: ChapterFormValues[Name]) {
    setValues((current) => ({ ...current, [name]: value }));
    clear(name);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (upload.uploading) return;
    setFailure(null);
    const checked: FieldErrors<Field> = {};
    if (values.title.trim() === '') checked.title = messages.titleRequired;
    if (videoRequired && values.video === null) checked.video = messages.videoRequired;
    if (!show(checked)) return;
    const result = await onSubmit(values);
    // Cancel (which had the focus) is gone: the focus goes back to the button, or to the field at fault.
    setFailure(settle(result.saved ? undefined : result.error));
    if (result.saved) setValues((current) => ({ ...current, video: null, captions: null }));
  }

  const textField = (name: 'title' | 'description' | 'remarks', label: string, { hint, required, ...extra }: TextFieldExtra = {}) => (
    <TextField
      {...fieldProps(name, hint)}
      label={label}
      value={values[name]}
      onChange={(event) => change(name, event.target.value)}
      disabled={upload.uploading}
      {...extra}
      slotProps={requiredSlotsWith(required, lengthLimit('ChapterCreateForm', name))}
    />
  );

  return (
    <Stack component="form" ref={formRef} spacing={2.5} noValidate onSubmit={(event) => void submit(event)} sx={{ maxWidth: 640 }}>
      {textField('title', messages.chapterTitleLabel, { required: true })}
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
      <UploadFormActions upload={upload} submitLabel={submitLabel} busyLabel={busyLabel} failure={failure} />
    </Stack>
  );
}
