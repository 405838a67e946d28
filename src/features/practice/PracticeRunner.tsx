import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import type { LanguageTag } from '@/components/courseLanguage';
import { visuallyHidden } from '@/components/visuallyHidden';
import { AnswerStep } from './AnswerStep';
import { type AnswerCheck, checkAnswer, type PracticeExercise, type Verdict } from './practiceExercise';
import { practiceMessages as messages } from './practiceMessages';
import { ResultPanel, spoken } from './ResultPanel';
import { SayExercise } from './SayExercise';

export interface PracticeRunnerProps {
  exercises: readonly PracticeExercise[];
  /** The course language: `lang` on its text, and the special letters of the answer fields. */
  language: LanguageTag | undefined;
  /** Called with the first answer to each exercise of a run and the browser's verdict (to record it). */
  onAnswer?: (exercise: PracticeExercise, answer: string, verdict: Verdict) => void;
  /** Shown under the summary (e.g. the way back to the chapter). */
  finish?: ReactNode;
  /** Sends a 'say' recording to the teacher (a voice message); not offered without it. */
  onSendRecording?: (exercise: PracticeExercise, recording: Blob) => Promise<void>;
}

function focusOnMount(node: HTMLElement | null) {
  node?.focus();
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
export function PracticeRunner({ exercises, language, onAnswer, finish, onSendRecording }: PracticeRunnerProps) {
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
          onSend={onSendRecording === undefined ? undefined : (recording) => onSendRecording(exercise, recording)}
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
