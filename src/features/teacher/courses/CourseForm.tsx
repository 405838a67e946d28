import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { classifyError, errorText, type FileRule, formErrors, useListCategoriesQuery } from '@/api';
import { FileField } from '@/components/FileField';
import { LoadError } from '@/components/LoadError';
import { ServerMessage } from '@/components/ServerMessage';
import { UploadProgress } from '@/components/UploadProgress';
import { teacherCourseMessages as messages } from './courseMessages';
import { teacherAreaMessages } from '../area/messages';
import { UploadFailureNote } from '../area/UploadFailureNote';

export interface CourseFormValues {
  /** The category's id, as the select holds it ('' when none is chosen). */
  category: string;
  title: string;
  description: string;
  languages: string;
  /** Dollars as typed; '' means free. */
  price: string;
  /** A newly chosen image. */
  image: File | null;
}

type Field = Exclude<keyof CourseFormValues, 'image'> | 'featured_img';
type FieldErrors = Partial<Record<Field, string>>;

/** What became of a submission: saved (the new image choice is cleared), or failed with the reason. */
export type SubmitResult = { saved: true } | { saved: false; error?: unknown };

export interface CourseFormProps {
  initial: CourseFormValues;
  /** The image the course has now (edit). */
  currentImageUrl?: string | null;
  imageRequired: boolean;
  imageRules: FileRule;
  submitLabel: string;
  busyLabel: string;
  /** The upload under way: its progress and Cancel. */
  upload: { uploading: boolean; percent: number | null; cancel: () => void };
  onSubmit: (values: CourseFormValues) => Promise<SubmitResult>;
}

/**
 * A required field says so (the label's asterisk, `aria-required`) without the native `required`,
 * which makes an untouched empty field :invalid, read as 'invalid' before anything was typed. The
 * form checks its fields itself (noValidate) and marks them invalid after a refused submit.
 */
export const requiredSlots = { inputLabel: { required: true }, htmlInput: { 'aria-required': true } } as const;

const fieldOrder: readonly Field[] = ['category', 'title', 'description', 'languages', 'price', 'featured_img'];

function checkValues(values: CourseFormValues, imageRequired: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (values.category === '') errors.category = messages.categoryRequired;
  if (values.title.trim() === '') errors.title = messages.titleRequired;
  if (values.price.trim() !== '' && !(Number(values.price) >= 0)) errors.price = messages.priceInvalid;
  if (imageRequired && values.image === null) errors.featured_img = messages.imageRequired;
  return errors;
}

/** Which field a refusal is about: a DRF field map names it; the provider's `msg` by its words. */
function serverFieldErrors(error: unknown): FieldErrors | null {
  const failure = classifyError(error);
  if (failure.kind !== 'refused') return null;
  const errors: FieldErrors = {};
  for (const field of fieldOrder) if (failure.fields[field]) errors[field] = failure.fields[field];
  if (Object.keys(errors).length > 0) return errors;
  const { msg } = failure;
  if (msg === null) return null;
  if (/image/i.test(msg)) return { featured_img: msg };
  if (/categor/i.test(msg)) return { category: msg };
  if (/price/i.test(msg)) return { price: msg };
  if (/title/i.test(msg)) return { title: msg };
  return null;
}

/** Whether the course form shows this failure's reason under one of its fields (then no failure toast is raised). */
export function hasCourseFieldError(error: unknown): boolean {
  return serverFieldErrors(error) !== null;
}

/**
 * The fields of a course (spec section 2.5): category, title, description, language, price and
 * image, checked before sending; the progress and Cancel of the upload; the reason of a refusal
 * under its field. What was typed stays after a failure or a cancellation.
 */
export function CourseForm({ initial, currentImageUrl, imageRequired, imageRules, submitLabel, busyLabel, upload, onSubmit }: CourseFormProps) {
  const categories = useListCategoriesQuery();
  const [values, setValues] = useState<CourseFormValues>(initial);
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

  function change<Name extends keyof CourseFormValues>(name: Name, value: CourseFormValues[Name]) {
    setValues((current) => ({ ...current, [name]: value }));
    const field: Field = name === 'image' ? 'featured_img' : name;
    setErrors(({ [field]: _fixed, ...others }) => others);
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
    const checked = checkValues(values, imageRequired);
    if (Object.keys(checked).length > 0) {
      showErrors(checked);
      return;
    }
    setErrors({});
    setFocusTarget(null);
    const result = await onSubmit(values);
    // Cancel (which had the focus) is gone: give it back to the button, or to the field at fault.
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
    if (result.saved) setValues((current) => ({ ...current, image: null }));
  }

  const textField = (name: 'title' | 'description' | 'languages', label: string, extra: object = {}) => (
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
      {categories.isError ? <LoadError message={messages.categoriesFailed} onRetry={() => void categories.refetch()} /> : null}
      <TextField
        select
        name="category"
        label={messages.categoryLabel}
        value={values.category}
        onChange={(event) => change('category', event.target.value)}
        error={errors.category !== undefined}
        helperText={errors.category ?? (categories.isLoading ? messages.loadingCategories : undefined)}
        disabled={upload.uploading}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true, required: true }, htmlInput: { 'aria-required': true } }}
      >
        <option value="">{messages.chooseCategory}</option>
        {(categories.data ?? []).map((category) => (
          <option key={category.id} value={String(category.id)}>
            {category.title}
          </option>
        ))}
      </TextField>
      {textField('title', messages.courseTitleLabel, { slotProps: requiredSlots })}
      {textField('description', messages.descriptionLabel, { multiline: true, minRows: 4 })}
      {textField('languages', messages.languageLabel, { helperText: errors.languages ?? messages.languageHint })}
      <TextField
        name="price"
        label={messages.priceLabel}
        type="number"
        placeholder={messages.pricePlaceholder}
        value={values.price}
        onChange={(event) => change('price', event.target.value)}
        error={errors.price !== undefined}
        helperText={errors.price ?? messages.priceHint}
        disabled={upload.uploading}
        slotProps={{ htmlInput: { min: 0, step: '0.01', inputMode: 'decimal' }, inputLabel: { shrink: true } }}
      />
      <FileField
        label={messages.courseImageLabel}
        name="featured_img"
        kind="image"
        rules={imageRules}
        value={values.image}
        onChange={(file) => change('image', file)}
        currentUrl={currentImageUrl}
        required={imageRequired}
        error={errors.featured_img}
        disabled={upload.uploading}
      />
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
