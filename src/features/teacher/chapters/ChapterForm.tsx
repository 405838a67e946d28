import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useEffect, useId, useRef, useState } from 'react';
import { maxLengths, uploadRules, useGetUploadOptionsQuery } from '@/api';
import { useDraft } from '@/components/forms/drafts';
import { FileField } from '@/components/FileField';
import { fileHint } from '@/components/fileChecks';
import { fieldsNamedIn, refusalHasField, uploadRefusal, type FieldErrors, type MessageFields } from '@/hooks/useFieldErrors';
import { teacherChapterMessages as messages } from './chapterMessages';
import { ResumableVideoField, type VideoUploadValue } from './ResumableVideoField';
import { UploadFormActions, type UploadState } from '../area/UploadFormActions';
import { UploadTextField } from '../area/UploadTextField';
import { type SubmitResult, useUploadForm } from '../area/useUploadForm';

export interface ChapterFormValues {
  title: string;
  description: string;
  remarks: string;
  /** A newly chosen video. */
  video: File | null;
  /** A newly chosen captions file (WebVTT), optional. */
  captions: File | null;
  /** A free preview (extension, issue 39); left out (and not shown) when the provider answered without it. */
  isPreview?: boolean;
  /** The video sent resumably instead (extension, issue 39): sent as `video_upload` once its id is known. */
  videoUpload?: VideoUploadValue | null;
}

type Field = Exclude<keyof ChapterFormValues, 'isPreview' | 'videoUpload'>;

export interface ChapterFormProps {
  /** A new chapter (the video required, 'Upload Chapter') or a stored one (a new video optional, 'Update'). */
  mode: 'add' | 'edit';
  initial: ChapterFormValues;
  /** The chapter's current video (edit), played above the choice of a new one. */
  currentVideoUrl?: string | null;
  /** The chapter's current captions (edit), shown with the current video and linked. */
  currentCaptionsUrl?: string | null;
  upload: UploadState;
  onSubmit: (values: ChapterFormValues) => Promise<SubmitResult>;
  /** False once the provider is known to answer without previews (extension): the switch is left out. */
  previewsServed?: boolean;
  /**
   * What a resumable video upload is for (extension, issue 39): with it, and a provider serving
   * the uploads, the video is sent as soon as it is chosen (ResumableVideoField); otherwise as a file of the form.
   */
  resumableTarget?: { course: number } | { chapter: number };
  /** Where the typed values are kept on this device until saved (`draftKey`), so a reload finds them. */
  draftKey?: string | null;
}

const fieldOrder: readonly Field[] = ['title', 'description', 'video', 'captions', 'remarks'];

/** Where the provider's lone `msg` goes, by its words ("The video is too large…"). */
const messageFields: MessageFields<Field> = [
  [/captions|webvtt/i, 'captions'],
  [/video/i, 'video'],
  [/title/i, 'title'],
  // The upload as a whole ('The upload is too large.'): the video is what makes it large.
  [uploadRefusal, 'video'],
  // The local provider names the field in its words ('The description must be at most 5000 characters long.').
  ...fieldsNamedIn(fieldOrder),
];

/** The lengths of the chapter's text fields (the create and update forms state the same). */
const limits = maxLengths.ChapterCreateForm;

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
  mode,
  initial,
  currentVideoUrl,
  currentCaptionsUrl,
  upload,
  onSubmit,
  previewsServed = true,
  resumableTarget,
  draftKey = null,
}: ChapterFormProps) {
  const videoRequired = mode === 'add';
  const { data: uploadOptions } = useGetUploadOptionsQuery(undefined, { skip: resumableTarget === undefined });
  const [draft, setDraft] = useDraft(draftKey);
  const [start] = useState(() => withDraft(initial, draft));
  const baseline = useRef(draftOf(initial));
  const { video: videoRules, captions: captionsRules } = uploadRules[mode === 'add' ? 'createChapter' : 'updateChapter'];
  const { values, change, textField, fileField, formRef, failure, submit } = useUploadForm({
    initial: start,
    fieldOrder,
    messageFields,
    limits,
    upload,
    check: (values): FieldErrors<Field> => ({
      ...(values.title.trim() === '' ? { title: messages.titleRequired } : {}),
      ...(videoRequired && values.video === null && !values.videoUpload ? { video: messages.videoRequired } : {}),
      ...(values.videoUpload && values.videoUpload.id === null ? { video: messages.videoStillUploading } : {}),
    }),
    onSubmit,
    saved: (values) => {
      const saved = { ...values, video: null, captions: null, videoUpload: null };
      baseline.current = draftOf(saved);
      return saved;
    },
  });
  const kept = draftOf(values);
  useEffect(() => setDraft(kept === baseline.current ? '' : kept), [kept, setDraft]);
  const video = fileField('video', 'video', videoRules, videoRequired);

  return (
    <Stack component="form" ref={formRef} spacing={2.5} noValidate onSubmit={submit} sx={{ maxWidth: 640 }}>
      <UploadTextField label={messages.chapterTitleLabel} required {...textField('title')} />
      <UploadTextField label={messages.descriptionLabel} multiline minRows={4} {...textField('description')} />
      {uploadOptions && resumableTarget ? (
        <ResumableVideoField
          label={messages.videoLabel}
          options={uploadOptions}
          target={resumableTarget}
          value={values.videoUpload ?? null}
          onChange={(next) => change('videoUpload', next, 'video')}
          required={videoRequired}
          error={video.error}
          disabled={video.disabled}
          currentUrl={currentVideoUrl}
          currentCaptionsUrl={currentCaptionsUrl}
        />
      ) : (
        <FileField label={messages.videoLabel} kind="video" currentUrl={currentVideoUrl} currentCaptionsUrl={currentCaptionsUrl} {...video} />
      )}
      <FileField
        label={messages.captionsLabel}
        kind="captions"
        currentUrl={currentCaptionsUrl}
        hint={messages.captionsHint(fileHint(captionsRules))}
        {...fileField('captions', 'captions', captionsRules)}
      />
      <UploadTextField label={messages.remarksLabel} multiline minRows={2} {...textField('remarks')} />
      {previewsServed && values.isPreview !== undefined && <PreviewSwitch checked={values.isPreview} disabled={upload.uploading} onChange={(on) => change('isPreview', on, 'video')} />}
      <UploadFormActions upload={upload} submitLabel={mode === 'add' ? messages.uploadChapterButton : undefined} failure={failure} />
    </Stack>
  );
}

/** 'Free preview' (extension, issue 39): anyone may watch the chapter on the course page. */
function PreviewSwitch({ checked, disabled, onChange }: { checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  const hintId = useId();
  return (
    <div>
      <FormControlLabel
        control={
          <Switch checked={checked} onChange={(event) => onChange(event.target.checked)} disabled={disabled} slotProps={{ input: { 'aria-describedby': hintId } }} />
        }
        label={messages.previewLabel}
      />
      <FormHelperText id={hintId} sx={{ mt: 0 }}>
        {messages.previewHint}
      </FormHelperText>
    </div>
  );
}

/** What a draft of the form keeps (files cannot be kept; a resumable upload's id can): JSON. */
function draftOf({ title, description, remarks, isPreview, videoUpload }: ChapterFormValues): string {
  return JSON.stringify({ title, description, remarks, isPreview, videoUpload: videoUpload ?? null });
}

/** The form's first values: `initial` with a kept draft over it. */
function withDraft(initial: ChapterFormValues, draft: string): ChapterFormValues {
  if (!draft) return initial;
  try {
    const kept = JSON.parse(draft) as Partial<ChapterFormValues>;
    return { ...initial, ...kept, video: null, captions: null, ...(initial.isPreview === undefined ? { isPreview: undefined } : {}) };
  } catch {
    return initial;
  }
}
