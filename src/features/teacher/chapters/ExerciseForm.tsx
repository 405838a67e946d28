import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { type FormEvent, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { errorText, type Exercise, type ExerciseForm as ExerciseFields, type ExerciseKind, useCreateExerciseMutation, useUpdateExerciseMutation } from '@/api';
import type { LanguageTag } from '@/components/courseLanguage';
import { AudioPlayer } from '@/components/recorder/AudioPlayer';
import { VoiceRecorder } from '@/components/recorder/VoiceRecorder';
import { voiceFileOf } from '@/components/recorder/useVoiceRecorder';
import { ServerMessage } from '@/components/ServerMessage';
import { RESULT_TOAST_MS } from '@/components/toasts/toastDurations';
import { useToasts } from '@/components/toasts/useToasts';
import { SpecialLettersRow } from '@/features/practice/SpecialLettersRow';
import { exerciseMessages as messages } from './exerciseMessages';

const KINDS: readonly ExerciseKind[] = ['choose', 'type', 'listen', 'say'];
/** A model clip is short: a minute and 2 MB at most. */
const CLIP_MAX_SECONDS = 60;
const CLIP_MAX_BYTES = 2 * 1024 * 1024;

type Field = 'prompt' | 'choices' | 'answers' | 'audio';

interface Values {
  kind: ExerciseKind;
  prompt: string;
  hint: string;
  explanation: string;
  choices: string[];
  correct: number | null;
  answers: string;
  audio: Blob | null;
  removeAudio: boolean;
  published: boolean;
}

function initialValues(exercise: Exercise | undefined): Values {
  if (exercise === undefined) {
    return { kind: 'type', prompt: '', hint: '', explanation: '', choices: ['', ''], correct: null, answers: '', audio: null, removeAudio: false, published: true };
  }
  return {
    kind: exercise.kind,
    prompt: exercise.prompt,
    hint: exercise.hint,
    explanation: exercise.explanation,
    choices: exercise.kind === 'choose' ? [...exercise.choices] : ['', ''],
    correct: exercise.correct_choice,
    answers: exercise.kind === 'say' ? (exercise.answers[0] ?? '') : exercise.answers.join('\n'),
    audio: null,
    removeAudio: false,
    published: exercise.is_published,
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

function check(values: Values, hasClip: boolean): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (values.prompt.trim() === '') errors.prompt = messages.promptRequired;
  if (values.kind === 'choose') {
    const filled = values.choices.filter((choice) => choice.trim() !== '');
    if (filled.length < 2 || filled.length !== values.choices.length) errors.choices = messages.choicesNeeded;
    else if (values.correct === null || values.correct >= values.choices.length) errors.choices = messages.rightChoiceNeeded;
  } else if (values.kind === 'say') {
    if (values.answers.trim() === '') errors.answers = messages.phraseNeeded;
  } else if (lines(values.answers).length === 0) errors.answers = messages.answersNeeded;
  if (values.kind === 'listen' && !hasClip) errors.audio = messages.clipNeeded;
  return errors;
}

function fieldsOf(values: Values): ExerciseFields {
  const choose = values.kind === 'choose';
  return {
    kind: values.kind,
    prompt: values.prompt.trim(),
    hint: values.hint.trim(),
    explanation: values.explanation.trim(),
    ...(choose ? { choices: JSON.stringify(values.choices.map((choice) => choice.trim())), correct_choice: values.correct ?? 0 } : {}),
    ...(choose ? {} : { answers: JSON.stringify(values.kind === 'say' ? [values.answers.trim()] : lines(values.answers)) }),
    ...(values.audio !== null && (values.kind === 'listen' || values.kind === 'say') ? { audio: voiceFileOf(values.audio, 'clip') } : {}),
    is_published: values.published,
  };
}

interface ExerciseFormProps {
  chapterId: number;
  /** The exercise to change; a new one when undefined. */
  exercise?: Exercise;
  language: LanguageTag | undefined;
  onDone: () => void;
}

/**
 * An exercise of one of the four kinds: its prompt, hint and explanation; the choices and the right
 * one ('choose'); the accepted answers, one a line ('type', 'listen'); the phrase ('say'); the model
 * recording, recorded or uploaded with the assignments' recorder ('listen' needs one, 'say' may
 * have one); and whether students see it. Checked before sending; the provider's refusal is shown.
 */
export function ExerciseForm({ chapterId, exercise, language, onDone }: ExerciseFormProps) {
  const [values, setValues] = useState<Values>(() => initialValues(exercise));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [createExercise, creation] = useCreateExerciseMutation();
  const [updateExercise, update] = useUpdateExerciseMutation();
  const { enqueueSnackbar } = useToasts();
  const form = useRef<HTMLFormElement>(null);
  const answersInput = useRef<HTMLTextAreaElement | HTMLInputElement>(null);
  const id = useId();
  const busy = creation.isLoading || update.isLoading;
  const keptClip = exercise?.audio ?? null;
  const usesClip = values.kind === 'listen' || values.kind === 'say';
  const hasClip = values.audio !== null || (keptClip !== null && !values.removeAudio);

  const set = <Key extends keyof Values>(key: Key, value: Values[Key]) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check(values, hasClip);
    flushSync(() => {
      setErrors(found);
      setFailure(null);
    });
    if (Object.keys(found).length > 0) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    try {
      if (exercise === undefined) await createExercise({ chapterId, exerciseForm: fieldsOf(values) }).unwrap();
      else await updateExercise({ exerciseId: exercise.id, exerciseUpdateForm: { ...fieldsOf(values), remove_audio: values.removeAudio && values.audio === null } }).unwrap();
      enqueueSnackbar(exercise === undefined ? messages.created : messages.updated, { variant: 'success', autoHideDuration: RESULT_TOAST_MS });
      onDone();
    } catch (error) {
      setFailure(errorText(error, messages.saveFailed));
    }
  }

  return (
    <Stack
      component="form"
      ref={form}
      noValidate
      onSubmit={(event) => void submit(event)}
      spacing={2.5}
      aria-label={exercise === undefined ? messages.newTitle : messages.editTitle}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 }, maxWidth: 640 }}
    >
      <Typography variant="h3" sx={{ fontSize: '1.125rem' }}>
        {exercise === undefined ? messages.newTitle : messages.editTitle}
      </Typography>
      <TextField select label={messages.kindLabel} value={values.kind} onChange={(event) => set('kind', event.target.value as ExerciseKind)} disabled={busy}>
        {KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {messages.kinds[kind]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={messages.promptLabel}
        value={values.prompt}
        onChange={(event) => set('prompt', event.target.value)}
        error={errors.prompt !== undefined}
        helperText={errors.prompt ?? messages.promptHint}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        multiline
        disabled={busy}
        required
      />
      <TextField label={messages.hintLabel} value={values.hint} onChange={(event) => set('hint', event.target.value)} slotProps={{ htmlInput: { maxLength: 300 } }} disabled={busy} />

      {values.kind === 'choose' ? (
        <FormControl error={errors.choices !== undefined} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <FormLabel component="legend">{messages.choicesLabel}</FormLabel>
          <Stack spacing={1} sx={{ mt: 1 }}>
            {values.choices.map((choice, index) => (
              <Stack key={index} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <Radio
                  checked={values.correct === index}
                  onChange={() => set('correct', index)}
                  slotProps={{ input: { 'aria-label': messages.rightChoice(index + 1) } }}
                  name={`${id}-right`}
                  disabled={busy}
                />
                <TextField
                  label={messages.choiceLabel(index + 1)}
                  value={choice}
                  onChange={(event) => set('choices', values.choices.map((old, at) => (at === index ? event.target.value : old)))}
                  error={errors.choices !== undefined && choice.trim() === ''}
                  slotProps={{ htmlInput: { maxLength: 200, lang: language } }}
                  size="small"
                  disabled={busy}
                  sx={{ flexGrow: 1, minWidth: 0 }}
                />
                {values.choices.length > 2 ? (
                  <IconButton
                    aria-label={messages.removeChoice(index + 1)}
                    disabled={busy}
                    onClick={() => {
                      set('choices', values.choices.filter((_, at) => at !== index));
                      if (values.correct !== null) set('correct', values.correct === index ? null : values.correct > index ? values.correct - 1 : values.correct);
                    }}
                  >
                    <CloseIcon />
                  </IconButton>
                ) : null}
              </Stack>
            ))}
          </Stack>
          {values.choices.length < 6 ? (
            <Box sx={{ mt: 1 }}>
              <Button onClick={() => set('choices', [...values.choices, ''])} disabled={busy}>
                {messages.addChoice}
              </Button>
            </Box>
          ) : null}
          {errors.choices ? <FormHelperText>{errors.choices}</FormHelperText> : null}
        </FormControl>
      ) : (
        <Stack spacing={1}>
          <TextField
            label={values.kind === 'say' ? messages.phraseLabel : messages.answersLabel}
            value={values.answers}
            onChange={(event) => set('answers', event.target.value)}
            inputRef={answersInput}
            error={errors.answers !== undefined}
            helperText={errors.answers ?? (values.kind === 'say' ? undefined : messages.answersHint)}
            multiline={values.kind !== 'say'}
            minRows={values.kind === 'say' ? undefined : 2}
            slotProps={{ htmlInput: { lang: language, spellCheck: false } }}
            disabled={busy}
            required
          />
          <SpecialLettersRow language={language} input={answersInput} value={values.answers} onChange={(text) => set('answers', text)} disabled={busy} />
        </Stack>
      )}

      {usesClip ? (
        <Stack spacing={1}>
          {keptClip !== null && values.audio === null && !values.removeAudio ? <AudioPlayer src={keptClip} label={messages.currentClip} /> : null}
          {keptClip !== null && values.audio === null ? (
            <FormControlLabel
              control={<Checkbox checked={values.removeAudio} onChange={(event) => set('removeAudio', event.target.checked)} disabled={busy} />}
              label={messages.removeClip}
            />
          ) : null}
          <VoiceRecorder
            label={messages.clipLabel}
            value={values.audio}
            onChange={(audio) => set('audio', audio)}
            maxSeconds={CLIP_MAX_SECONDS}
            maxBytes={CLIP_MAX_BYTES}
            error={errors.audio}
            disabled={busy}
          />
        </Stack>
      ) : null}

      <TextField
        label={messages.explanationLabel}
        value={values.explanation}
        onChange={(event) => set('explanation', event.target.value)}
        helperText={messages.explanationHint}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
        multiline
        disabled={busy}
      />
      <FormControlLabel control={<Checkbox checked={values.published} onChange={(event) => set('published', event.target.checked)} disabled={busy} />} label={messages.publishLabel} />
      {failure ? <ServerMessage tone="error">{failure}</ServerMessage> : null}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={busy}>
          {messages.save}
        </Button>
        <Button onClick={onDone} disabled={busy}>
          {messages.cancel}
        </Button>
      </Stack>
    </Stack>
  );
}
