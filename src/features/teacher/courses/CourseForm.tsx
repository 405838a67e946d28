import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { type FileRule, useListCategoriesQuery } from '@/api';
import { FileField } from '@/components/FileField';
import { refusalHasField, useFieldErrors, type MessageFields } from '@/components/forms/useFieldErrors';
import { lengthLimit } from '@/components/forms/validators';
import { LoadError } from '@/components/LoadError';
import { teacherCourseMessages as messages } from './courseMessages';
import { UploadFormActions, type UploadState } from '../area/UploadFormActions';

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

/** What a text field of an upload form takes besides its name and label. */
export interface TextFieldExtra {
  multiline?: boolean;
  minRows?: number;
  /** Under the field while it has no message. */
  hint?: string;
  /** Marked required (label and `aria-required`), see `requiredSlots`. */
  required?: boolean;
}

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
  upload: UploadState;
  onSubmit: (values: CourseFormValues) => Promise<SubmitResult>;
}

/**
 * A required field says so (the label's asterisk, `aria-required`) without the native `required`,
 * which makes an untouched empty field :invalid, read as 'invalid' before anything was typed. The
 * form checks its fields itself (noValidate) and marks them invalid after a refused submit.
 */
export const requiredSlots = { inputLabel: { required: true }, htmlInput: { 'aria-required': true } } as const;

/** The slots of a text field: `requiredSlots` when it is required, and its input's `maxLength`. */
export function requiredSlotsWith(required: boolean | undefined, limit: { maxLength: number }) {
  return required ? { inputLabel: requiredSlots.inputLabel, htmlInput: { ...requiredSlots.htmlInput, ...limit } } : { htmlInput: limit };
}

const fieldOrder: readonly Field[] = ['category', 'title', 'description', 'languages', 'price', 'featured_img'];

function checkValues(values: CourseFormValues, imageRequired: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (values.category === '') errors.category = messages.categoryRequired;
  if (values.title.trim() === '') errors.title = messages.titleRequired;
  if (values.price.trim() !== '' && !(Number(values.price) >= 0)) errors.price = messages.priceInvalid;
  if (imageRequired && values.image === null) errors.featured_img = messages.imageRequired;
  return errors;
}

/** Where the provider's lone `msg` goes, by its words ("The image is too large…"). */
const messageFields: MessageFields<Field> = [
  [/image/i, 'featured_img'],
  [/categor/i, 'category'],
  [/price/i, 'price'],
  [/title/i, 'title'],
];

/** Whether the course form shows this failure's reason under one of its fields (then no failure toast is raised). */
export function hasCourseFieldError(error: unknown): boolean {
  return refusalHasField(error, fieldOrder, messageFields);
}

/**
 * The fields of a course (spec section 2.5): category, title, description, language, price and
 * image, checked before sending; the progress and Cancel of the upload; the reason of a refusal
 * under its field. What was typed stays after a failure or a cancellation.
 */
export function CourseForm({ initial, currentImageUrl, imageRequired, imageRules, submitLabel, busyLabel, upload, onSubmit }: CourseFormProps) {
  const categories = useListCategoriesQuery();
  const [values, setValues] = useState<CourseFormValues>(initial);
  /** Why the last submit failed: an alert when no toast said it, else a note read with the button. */
  const [failure, setFailure] = useState<{ text: string; alert: boolean } | null>(null);
  // The fields are disabled while uploading: the focus moves once they are enabled again.
  const { formRef, errors, show, clear, settle, fieldProps } = useFieldErrors(fieldOrder, { messageFields, paused: upload.uploading });

  function change<Name extends keyof CourseFormValues>(name: Name, value: CourseFormValues[Name]) {
    setValues((current) => ({ ...current, [name]: value }));
    clear(name === 'image' ? 'featured_img' : (name as Exclude<Name, 'image'>));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (upload.uploading) return;
    setFailure(null);
    if (!show(checkValues(values, imageRequired))) return;
    const result = await onSubmit(values);
    // Cancel (which had the focus) is gone: the focus goes back to the button, or to the field at fault.
    setFailure(settle(result.saved ? undefined : result.error));
    if (result.saved) setValues((current) => ({ ...current, image: null }));
  }

  const textField = (name: 'title' | 'description' | 'languages', label: string, { hint, required, ...extra }: TextFieldExtra = {}) => (
    <TextField
      {...fieldProps(name, hint)}
      label={label}
      value={values[name]}
      onChange={(event) => change(name, event.target.value)}
      disabled={upload.uploading}
      {...extra}
      slotProps={requiredSlotsWith(required, lengthLimit('CourseCreateForm', name))}
    />
  );

  return (
    <Stack component="form" ref={formRef} spacing={2.5} noValidate onSubmit={(event) => void submit(event)} sx={{ maxWidth: 640 }}>
      {categories.isError ? <LoadError message={messages.categoriesFailed} onRetry={() => void categories.refetch()} /> : null}
      <TextField
        select
        {...fieldProps('category', categories.isLoading ? messages.loadingCategories : undefined)}
        label={messages.categoryLabel}
        value={values.category}
        onChange={(event) => change('category', event.target.value)}
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
      {textField('title', messages.courseTitleLabel, { required: true })}
      {textField('description', messages.descriptionLabel, { multiline: true, minRows: 4 })}
      {textField('languages', messages.languageLabel, { hint: messages.languageHint })}
      <TextField
        {...fieldProps('price', messages.priceHint)}
        label={messages.priceLabel}
        type="number"
        placeholder={messages.pricePlaceholder}
        value={values.price}
        onChange={(event) => change('price', event.target.value)}
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
      <UploadFormActions upload={upload} submitLabel={submitLabel} busyLabel={busyLabel} failure={failure} />
    </Stack>
  );
}
