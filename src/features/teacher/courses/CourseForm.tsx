import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useId } from 'react';
import { courseLevelNames, courseLevels, maxLengths, mostOutcomes, outcomeLength, uploadRules, useListCategoriesQuery } from '@/api';
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
  /**
   * Extension (issue 39): the level ('' for none) and the 'What you will learn' lines; left out
   * (and not shown) for a course the provider answered without them.
   */
  level?: string;
  outcomes?: string[];
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
  /** False once the provider is known to answer without levels (extension): their fields are left out. */
  levelsServed?: boolean;
}

const fieldOrder: readonly Field[] = ['category', 'title', 'description', 'languages', 'price', 'level', 'outcomes', 'featured_img'];

/** Where the provider's lone `msg` goes, by its words ("The image is too large…"). */
const messageFields: MessageFields<Field> = [
  [/image/i, 'featured_img'],
  [/categor/i, 'category'],
  [/price/i, 'price'],
  [/what you will learn/i, 'outcomes'],
  [/level/i, 'level'],
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
  const longLine = (values.outcomes ?? []).findIndex((line) => [...line.trim()].length > outcomeLength);
  if (longLine >= 0) errors.outcomes = messages.outcomeTooLong(longLine + 1);
  return errors;
}

/** The 'What you will learn' lines as sent (extension): trimmed, the blank ones left out, as a JSON array. */
export function outcomesField(outcomes: readonly string[]): string {
  return JSON.stringify(outcomes.map((line) => line.trim()).filter(Boolean));
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
export function CourseForm({ mode, initial, currentImageUrl, upload, onSubmit, levelsServed = true }: CourseFormProps) {
  const imageRequired = mode === 'add';
  const imageRules = uploadRules[mode === 'add' ? 'createCourse' : 'updateCourse'].featured_img;
  const categories = useListCategoriesQuery();
  const outcomesId = useId();
  const { values, change, fieldProps, textField, fileField, formRef, failure, submit, errors } = useUploadForm({
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
      {levelsServed && values.level !== undefined && (
        <TextField
          select
          {...fieldProps('level')}
          label={messages.levelLabel}
          value={values.level}
          onChange={(event) => change('level', event.target.value, 'level')}
          disabled={disabled}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{messages.noLevel}</option>
          {courseLevels.map((level) => (
            <option key={level} value={level}>
              {courseLevelNames[level]}
            </option>
          ))}
        </TextField>
      )}
      {levelsServed && values.outcomes !== undefined && (
        <OutcomeLines
          id={outcomesId}
          lines={values.outcomes}
          error={errors.outcomes}
          disabled={disabled}
          onChange={(lines) => change('outcomes', lines, 'outcomes')}
        />
      )}
      <FileField label={messages.courseImageLabel} kind="image" currentUrl={currentImageUrl} {...fileField('image', 'featured_img', imageRules, imageRequired)} />
      <UploadFormActions upload={upload} submitLabel={mode === 'add' ? messages.uploadButton : undefined} failure={failure} />
    </Stack>
  );
}

/** The 'What you will learn' lines (extension): one field each, removable, at most six. */
function OutcomeLines({
  id,
  lines,
  error,
  disabled,
  onChange,
}: {
  id: string;
  lines: readonly string[];
  error?: string;
  disabled: boolean;
  onChange: (lines: string[]) => void;
}) {
  const hintId = `${id}-hint`;
  return (
    <Stack component="fieldset" spacing={1.5} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby={hintId}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {messages.outcomesHeading}
      </Typography>
      <FormHelperText id={hintId} error={error !== undefined} sx={{ mt: 0 }}>
        {error ?? messages.outcomesHint}
      </FormHelperText>
      {lines.map((line, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            name="outcomes"
            label={messages.outcomeLabel(index + 1)}
            value={line}
            onChange={(event) => onChange(lines.map((other, at) => (at === index ? event.target.value : other)))}
            disabled={disabled}
            fullWidth
            slotProps={{ htmlInput: { maxLength: outcomeLength } }}
          />
          <IconButton aria-label={messages.removeOutcome(index + 1)} onClick={() => onChange(lines.filter((_, at) => at !== index))} disabled={disabled}>
            <CloseIcon />
          </IconButton>
        </Stack>
      ))}
      {lines.length < mostOutcomes && (
        <Button variant="outlined" onClick={() => onChange([...lines, ''])} disabled={disabled} sx={{ alignSelf: 'flex-start' }}>
          {messages.addOutcome}
        </Button>
      )}
    </Stack>
  );
}
