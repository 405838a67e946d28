import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { type LessonType, maxLengths, useCreateLessonTypeMutation, useUpdateLessonTypeMutation } from '@/api';
import { ServerMessage } from '@/components/ServerMessage';
import { SUCCESS_TOAST_MS } from '@/components/toasts/toastDurations';
import { useToasts } from '@/components/toasts/useToasts';
import { useFieldErrors } from '@/hooks/useFieldErrors';
import { lessonsMessages as messages } from './lessonsMessages';

const fieldOrder = ['title', 'minutes', 'free_trial', 'price', 'languages'] as const;
type Field = (typeof fieldOrder)[number];

/** Where the provider's refusal goes, by its words ('The price must be from 0.01 to 1000.00 dollars.'). */
const messageFields = [
  [/\btitle\b/i, 'title'],
  [/\bprice\b|\bdollars?\b/i, 'price'],
  [/\blanguages?\b/i, 'languages'],
  [/\bminutes\b/i, 'minutes'],
  [/\bfree trials?\b/i, 'free_trial'],
] as const;

const limits = { title: maxLengths.LessonTypeForm.title, languages: maxLengths.LessonTypeForm.languages };

/** The languages as typed, comma-separated: each name trimmed, the empty ones left out. */
const languagesOf = (text: string) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');

/** The price as the provider takes it ('20' → '20.00'), or null when it is not 0.01 to 1000.00 dollars. */
function priceOf(text: string): string | null {
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(text.trim())) return null;
  const price = Number(text.trim());
  return price >= 0.01 && price <= 1000 ? price.toFixed(2) : null;
}

interface LessonTypeDialogProps {
  teacherId: number;
  /** The type to change, or null to add one. */
  lessonType: LessonType | null;
  /** Whether another of the teacher's types is a free trial (a teacher offers at most one). */
  otherFreeTrial: boolean;
  onClose: () => void;
}

/**
 * Adds or changes a lesson type: title, 25 or 50 minutes, free trial or a price, the languages
 * (comma-separated). Checked before sending as the provider checks it, each message under its
 * field; a refusal keeps the dialog open with its values. Mounted while open, so each opening
 * starts from the type's values.
 */
export function LessonTypeDialog({ teacherId, lessonType, otherFreeTrial, onClose }: LessonTypeDialogProps) {
  const titleId = useId();
  const freeTrialHintId = useId();
  const [title, setTitle] = useState(lessonType?.title ?? '');
  const [minutes, setMinutes] = useState<'25' | '50'>(lessonType?.minutes === 50 ? '50' : '25');
  const [freeTrial, setFreeTrial] = useState(lessonType?.free_trial ?? false);
  const [price, setPrice] = useState(lessonType && !lessonType.free_trial ? lessonType.price : '');
  const [languages, setLanguages] = useState(lessonType?.languages.join(', ') ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const { formRef, errors, show, clear, refuse, fieldProps } = useFieldErrors<Field>(fieldOrder, { messageFields, limits });
  const [createLessonType, creating] = useCreateLessonTypeMutation();
  const [updateLessonType, updating] = useUpdateLessonTypeMutation();
  const saving = creating.isLoading || updating.isLoading;
  const { enqueueSnackbar } = useToasts();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const names = languagesOf(languages);
    const sentPrice = freeTrial ? null : priceOf(price);
    const problems: Partial<Record<Field, string>> = {
      ...(title.trim() === '' ? { title: messages.titleMissing } : {}),
      ...(freeTrial && otherFreeTrial ? { free_trial: messages.secondFreeTrial } : {}),
      ...(!freeTrial && sentPrice === null ? { price: messages.priceInvalid } : {}),
      ...(names.length === 0
        ? { languages: messages.languagesMissing }
        : names.length > 7
          ? { languages: messages.languagesTooMany }
          : names.some((name) => name.length > 40)
            ? { languages: messages.languageTooLong }
            : {}),
    };
    if (!show(problems, { title, languages })) return;
    setFailure(null);
    const lessonTypeForm = {
      title: title.trim(),
      minutes,
      free_trial: freeTrial ? ('true' as const) : ('false' as const),
      // No price for a free trial: the provider makes it 0.00.
      ...(freeTrial ? {} : { price: sentPrice ?? '' }),
      languages: JSON.stringify(names),
    };
    try {
      const saved =
        lessonType === null
          ? await createLessonType({ teacherId, lessonTypeForm }).unwrap()
          : await updateLessonType({ teacherId, lessonTypeId: lessonType.id, lessonTypeForm }).unwrap();
      enqueueSnackbar(lessonType === null ? messages.typeAdded(saved.title) : messages.typeSaved(saved.title), {
        variant: 'success',
        autoHideDuration: SUCCESS_TOAST_MS,
      });
      onClose();
    } catch (error) {
      setFailure(refuse(error, messages.typeNotSaved).message);
    }
  }

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} component="h2">
        {lessonType === null ? messages.addTypeHeading : messages.editTypeHeading}
      </DialogTitle>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent>
          <Stack spacing={2.5}>
            <TextField
              {...fieldProps('title', undefined, title)}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog was opened to fill this form: its first field takes the focus
              autoFocus
              label={messages.titleLabel}
              required
              fullWidth
              value={title}
              onChange={(event) => {
                setTitle(event.target.value);
                clear('title');
              }}
              disabled={saving}
            />
            <FormControl component="fieldset" error={errors.minutes !== undefined} disabled={saving}>
              <FormLabel component="legend">{messages.lengthLegend}</FormLabel>
              <RadioGroup
                row
                name="minutes"
                value={minutes}
                onChange={(event) => {
                  setMinutes(event.target.value === '50' ? '50' : '25');
                  clear('minutes');
                }}
              >
                <FormControlLabel value="25" control={<Radio />} label={messages.minutes(25)} />
                <FormControlLabel value="50" control={<Radio />} label={messages.minutes(50)} />
              </RadioGroup>
              {errors.minutes ? <FormHelperText>{errors.minutes}</FormHelperText> : null}
            </FormControl>
            <FormControl error={errors.free_trial !== undefined} disabled={saving}>
              <FormControlLabel
                control={
                  <Checkbox
                    name="free_trial"
                    slotProps={{ input: { 'aria-describedby': freeTrialHintId } }}
                    checked={freeTrial}
                    onChange={(event) => {
                      setFreeTrial(event.target.checked);
                      clear('free_trial');
                      clear('price');
                    }}
                  />
                }
                label={messages.freeTrialLabel}
              />
              <FormHelperText id={freeTrialHintId} sx={{ mx: 0 }}>
                {errors.free_trial ?? messages.freeTrialHint}
              </FormHelperText>
            </FormControl>
            {freeTrial ? null : (
              <TextField
                {...fieldProps('price')}
                label={messages.priceLabel}
                required
                fullWidth
                value={price}
                onChange={(event) => {
                  setPrice(event.target.value);
                  clear('price');
                }}
                disabled={saving}
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
              />
            )}
            <TextField
              {...fieldProps('languages', messages.languagesHint, languages)}
              label={messages.languagesLabel}
              required
              fullWidth
              value={languages}
              onChange={(event) => {
                setLanguages(event.target.value);
                clear('languages');
              }}
              disabled={saving}
            />
            {failure === null ? null : <ServerMessage tone="error">{failure}</ServerMessage>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {messages.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? messages.savingType : messages.saveType}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
