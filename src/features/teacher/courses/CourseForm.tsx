import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { maxLengths, uploadRules, useListCategoriesQuery } from '@/api';
import { FileField } from '@/components/FileField';
import { fieldsNamedIn, refusalHasField, uploadRefusal, type FieldErrors, type MessageFields } from '@/hooks/useFieldErrors';
import { LoadError } from '@/components/LoadError';
import { teacherCourseMessages as messages } from './courseMessages';
import { UploadFormActions, type UploadState } from '../area/UploadFormActions';
import { requiredSlots, UploadTextField } from '../area/UploadTextField';
import { type SubmitResult, useUploadForm } from '../area/useUploadForm';

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

export interface CourseFormProps {
  /** A new course (the image required, 'Upload') or a stored one (a new image optional, 'Update'). */
  mode: 'add' | 'edit';
  initial: CourseFormValues;
  /** The image the course has now (edit). */
  currentImageUrl?: string | null;
  upload: UploadState;
  onSubmit: (values: CourseFormValues) => Promise<SubmitResult>;
}

const fieldOrder: readonly Field[] = ['category', 'title', 'description', 'languages', 'price', 'featured_img'];

/** Where the provider's lone `msg` goes, by its words ("The image is too large…"). */
const messageFields: MessageFields<Field> = [
  [/image/i, 'featured_img'],
  [/categor/i, 'category'],
  [/price/i, 'price'],
  [/title/i, 'title'],
  // The upload as a whole ('The upload is too large.'): the image is the one file it holds.
  [uploadRefusal, 'featured_img'],
  // The local provider names the field in its words ('The description must be at most 5000 characters long.').
  ...fieldsNamedIn(fieldOrder),
];

/** The lengths of the course's text fields (the create and update forms state the same). */
const limits = maxLengths.CourseCreateForm;

function checkValues(values: CourseFormValues, imageRequired: boolean): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (values.category === '') errors.category = messages.categoryRequired;
  if (values.title.trim() === '') errors.title = messages.titleRequired;
  if (values.price.trim() !== '' && !(Number(values.price) >= 0)) errors.price = messages.priceInvalid;
  if (imageRequired && values.image === null) errors.featured_img = messages.imageRequired;
  return errors;
}

/** Whether the course form shows this failure's reason under one of its fields (then no failure toast is raised). */
export function hasCourseFieldError(error: unknown): boolean {
  return refusalHasField(error, fieldOrder, messageFields);
}

/**
 * The fields of a course (spec section 2.5): category, title, description, language, price and
 * image, checked before sending; the progress and Cancel of the upload; the reason of a refusal
 * under its field. What was typed stays after a failure or a cancellation.
 */
export function CourseForm({ mode, initial, currentImageUrl, upload, onSubmit }: CourseFormProps) {
  const imageRequired = mode === 'add';
  const imageRules = uploadRules[mode === 'add' ? 'createCourse' : 'updateCourse'].featured_img;
  const categories = useListCategoriesQuery();
  const { values, change, fieldProps, textField, fileField, formRef, failure, submit } = useUploadForm({
    initial,
    fieldOrder,
    messageFields,
    limits,
    upload,
    check: (values) => checkValues(values, imageRequired),
    onSubmit,
    saved: (values) => ({ ...values, image: null }),
  });
  const disabled = upload.uploading;

  return (
    <Stack component="form" ref={formRef} spacing={2.5} noValidate onSubmit={submit} sx={{ maxWidth: 640 }}>
      {categories.isError ? <LoadError message={messages.categoriesFailed} onRetry={() => void categories.refetch()} /> : null}
      <TextField
        select
        {...fieldProps('category', categories.isLoading ? messages.loadingCategories : undefined)}
        label={messages.categoryLabel}
        value={values.category}
        onChange={(event) => change('category', event.target.value, 'category')}
        disabled={disabled}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true, required: true }, htmlInput: requiredSlots.htmlInput }}
      >
        <option value="">{messages.chooseCategory}</option>
        {(categories.data ?? []).map((category) => (
          <option key={category.id} value={String(category.id)}>
            {category.title}
          </option>
        ))}
      </TextField>
      <UploadTextField label={messages.courseTitleLabel} required {...textField('title')} />
      <UploadTextField label={messages.descriptionLabel} multiline minRows={4} {...textField('description')} />
      <UploadTextField label={messages.languageLabel} {...textField('languages', messages.languageHint)} />
      <TextField
        {...fieldProps('price', messages.priceHint)}
        label={messages.priceLabel}
        type="number"
        placeholder={messages.pricePlaceholder}
        value={values.price}
        onChange={(event) => change('price', event.target.value, 'price')}
        disabled={disabled}
        slotProps={{ htmlInput: { min: 0, step: '0.01', inputMode: 'decimal' }, inputLabel: { shrink: true } }}
      />
      <FileField label={messages.courseImageLabel} kind="image" currentUrl={currentImageUrl} {...fileField('image', 'featured_img', imageRules, imageRequired)} />
      <UploadFormActions upload={upload} submitLabel={mode === 'add' ? messages.uploadButton : undefined} failure={failure} />
    </Stack>
  );
}
