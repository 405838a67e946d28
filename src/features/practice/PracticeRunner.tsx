import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import type { LanguageTag } from '@/components/courseLanguage';
import { AudioPlayer } from '@/components/recorder/AudioPlayer';
import { visuallyHidden } from '@/components/visuallyHidden';
import { type AnswerCheck, checkAnswer, type PracticeExercise, type Verdict } from './practiceExercise';
import { practiceMessages as messages } from './practiceMessages';
import { SayExercise } from './SayExercise';
import { SpecialLettersRow } from './SpecialLettersRow';

export interface PracticeRunnerProps {
  exercises: readonly PracticeExercise[];
  /** The course language: `lang` on its text, and the special letters of the answer fields. */
  language: LanguageTag | undefined;
  /** Called with the first answer to each exercise of a run and the browser's verdict (to record it). */
  onAnswer?: (exercise: PracticeExercise, answer: string, verdict: Verdict) => void;
  /** Shown under the summary (e.g. the way back to the chapter). */
  finish?: ReactNode;
}

function focusOnMount(node: HTMLElement | null) {
  node?.focus();
}

/** What the result says to a screen reader, once: the verdict, the spelling, the explanation. */
function spoken(check: AnswerCheck, explanation: string, comesBack: boolean): string {
  const said: string[] = [messages[check.verdict]];
  if (check.verdict === 'almost') {
    said.push(`${messages.exactSpelling} ${check.expected}.`);
    const marked = check.parts.filter((part) => part.differs).map((part) => part.text);
    said.push(`${messages.differingLetters(marked.join(', '))}.`);
  } else if (check.verdict === 'wrong' && check.expected !== '') {
    said.push(`${messages.theAnswer} ${check.expected}.`);
  }
  if (explanation) said.push(explanation);
  if (comesBack) said.push(messages.comesBack);
  return said.join(' ');
}

function Spelling({ check, lang }: { check: AnswerCheck; lang?: string }) {
  return (
    <Box component="span" lang={lang} sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
      {check.parts.map((part, index) =>
        part.differs ? (
          <Box component="mark" key={index} sx={{ bgcolor: 'warning.light', color: 'text.primary', textDecoration: 'underline', px: 0.25 }}>
            {part.text}
          </Box>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Box>
  );
}

/** The verdict as shown (the live region said it once; here a screen reader can read it again): Right, Almost with the marked spelling, Wrong with the answer. */
function ResultPanel({ check, explanation, comesBack, lang }: { check: AnswerCheck; explanation: string; comesBack: boolean; lang?: string }) {
  const color = check.verdict === 'right' ? 'success.main' : check.verdict === 'almost' ? 'warning.main' : 'error.main';
  return (
    <Box sx={{ borderLeft: 4, borderColor: color, pl: 1.5, py: 0.5 }}>
      <Typography sx={{ fontWeight: 700, color: check.verdict === 'right' ? 'success.dark' : check.verdict === 'almost' ? 'warning.dark' : 'error.dark' }}>
        {messages[check.verdict]}
      </Typography>
      {check.verdict === 'almost' ? (
        <Typography>
          {messages.exactSpelling} <Spelling check={check} lang={lang} />
        </Typography>
      ) : null}
      {check.verdict === 'wrong' && check.expected !== '' ? (
        <Typography>
          {messages.theAnswer} <Spelling check={check} lang={lang} />
        </Typography>
      ) : null}
      {explanation ? <Typography sx={{ mt: 1 }}>{explanation}</Typography> : null}
      {comesBack ? <Typography variant="body2">{messages.comesBack}</Typography> : null}
    </Box>
  );
}

interface AnswerStepProps {
  exercise: PracticeExercise;
  language: LanguageTag | undefined;
  checked: boolean;
  onCheck: (answer: string) => void;
}

/** The answer of a 'choose', 'type' or 'listen' exercise, and its Check button. */
function AnswerStep({ exercise, language, checked, onCheck }: AnswerStepProps) {
  const [answer, setAnswer] = useState('');
  const [missing, setMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const helpId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (checked) return;
    if (answer.trim() === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    onCheck(answer);
  }

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} sx={{ alignItems: 'stretch' }}>
      {exercise.kind === 'choose' ? (
        <FormControl error={missing} disabled={checked}>
          <FormLabel id={helpId + 'label'}>{messages.chooseAnswer}</FormLabel>
          <RadioGroup aria-labelledby={helpId + 'label'} value={answer} onChange={(event) => setAnswer(event.target.value)}>
            {exercise.choices.map((choice, index) => (
              <FormControlLabel key={index} value={String(index)} control={<Radio />} label={choice} sx={{ minHeight: 44 }} />
            ))}
          </RadioGroup>
          {missing ? <FormHelperText>{messages.pickOne}</FormHelperText> : null}
        </FormControl>
      ) : (
        <>
          {exercise.kind === 'listen' && exercise.audio ? <AudioPlayer src={exercise.audio} label={messages.listenClip} /> : null}
          <TextField
            label={exercise.kind === 'listen' ? messages.typeWhatYouHear : messages.yourAnswer}
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
            inputRef={input}
            error={missing}
            helperText={missing ? messages.typeFirst : undefined}
            slotProps={{ htmlInput: { lang: language, autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, readOnly: checked } }}
            fullWidth
          />
          <SpecialLettersRow language={language} input={input} value={answer} onChange={setAnswer} disabled={checked} />
        </>
      )}
      {checked ? null : (
        <Box>
          <Button type="submit" variant="contained">
            {messages.check}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

interface Outcome {
  check: AnswerCheck;
  comesBack: boolean;
}

/**
 * A chapter's exercises one at a time: Check says Right, Almost (the exact spelling with the
 * differing letters marked) or Wrong with the explanation, in a polite live region said once; a
 * wrong (or almost) one comes back at the end; a summary gives the score (the first answer to
 * each). The prompt of each exercise takes the focus, so a screen reader reads it.
 */
export function PracticeRunner({ exercises, language, onAnswer, finish }: PracticeRunnerProps) {
  const [run, setRun] = useState(0);
  const [queue, setQueue] = useState<readonly number[]>(() => exercises.map((_, index) => index));
  const [step, setStep] = useState(0);
  const [firstVerdicts, setFirstVerdicts] = useState<ReadonlyMap<number, Verdict>>(new Map());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [announcement, setAnnouncement] = useState('');

  if (exercises.length === 0) return <Typography>{messages.noExercises}</Typography>;

  const index = queue[0];
  const exercise = index === undefined ? undefined : exercises[index];

  function recordFirst(current: PracticeExercise, answer: string, verdict: Verdict): boolean {
    if (firstVerdicts.has(current.id)) return false;
    setFirstVerdicts(new Map(firstVerdicts).set(current.id, verdict));
    onAnswer?.(current, answer, verdict);
    return true;
  }

  function check(answer: string) {
    if (exercise === undefined) return;
    const result = checkAnswer(exercise, answer);
    recordFirst(exercise, answer, result.verdict);
    const comesBack = result.verdict !== 'right';
    setOutcome({ check: result, comesBack });
    setAnnouncement(spoken(result, exercise.explanation, comesBack));
  }

  function next() {
    if (outcome === null) return;
    setQueue(outcome.comesBack ? [...queue.slice(1), queue[0]!] : queue.slice(1));
    setStep(step + 1);
    setOutcome(null);
    setAnnouncement('');
  }

  function again() {
    setRun(run + 1);
    setQueue(exercises.map((_, position) => position));
    setStep(0);
    setFirstVerdicts(new Map());
    setOutcome(null);
    setAnnouncement('');
  }

  const liveRegion = (
    <Box role="status" aria-atomic="true" sx={visuallyHidden}>
      {announcement}
    </Box>
  );

  if (exercise === undefined) {
    const right = [...firstVerdicts.values()].filter((verdict) => verdict === 'right').length;
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {liveRegion}
        <Typography variant="h2" tabIndex={-1} ref={focusOnMount} sx={{ fontSize: '1.5rem', outline: 'none' }}>
          {messages.summaryTitle}
        </Typography>
        <Typography>{messages.score(right, exercises.length)}</Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" onClick={again}>
            {messages.practiseAgain}
          </Button>
          {finish}
        </Stack>
      </Stack>
    );
  }

  const done = exercises.length - queue.length;
  const sayPhrase = exercise.kind === 'say' ? (exercise.answers[0] ?? '') : '';
  return (
    <Stack spacing={2} sx={{ alignItems: 'stretch', maxWidth: 640 }}>
      {liveRegion}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {messages.exerciseOf(Math.min(done + 1, exercises.length), exercises.length)}
      </Typography>
      <Typography
        key={`prompt-${run}-${step}`}
        variant="h2"
        tabIndex={-1}
        ref={step > 0 || run > 0 ? focusOnMount : undefined}
        sx={{ fontSize: '1.375rem', outline: 'none', overflowWrap: 'anywhere' }}
      >
        {exercise.prompt}
      </Typography>
      {exercise.hint ? (
        <Typography variant="body2">
          <strong>{messages.hint}:</strong> {exercise.hint}
        </Typography>
      ) : null}
      {exercise.kind === 'say' ? (
        <SayExercise
          key={`say-${run}-${step}`}
          phrase={sayPhrase}
          audio={exercise.audio}
          language={language}
          checked={outcome !== null}
          onVerdict={(verdict) => {
            if (verdict === 'right') check('right');
            else recordFirst(exercise, 'wrong', 'wrong');
          }}
        />
      ) : (
        <AnswerStep key={`answer-${run}-${step}`} exercise={exercise} language={language} checked={outcome !== null} onCheck={check} />
      )}
      {outcome !== null ? (
        <>
          <ResultPanel check={outcome.check} explanation={exercise.explanation} comesBack={outcome.comesBack} lang={language} />
          <Box>
            <Button variant="contained" onClick={next} ref={focusOnMount}>
              {messages.continue}
            </Button>
          </Box>
        </>
      ) : null}
    </Stack>
  );
}
