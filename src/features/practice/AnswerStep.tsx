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
import { type FormEvent, useId, useRef, useState } from 'react';
import type { LanguageTag } from '@/components/courseLanguage';
import { AudioPlayer } from '@/components/recorder/AudioPlayer';
import type { PracticeExercise } from './practiceExercise';
import { practiceMessages as messages } from './practiceMessages';
import { SpecialLettersRow } from './SpecialLettersRow';

export interface AnswerStepProps {
  exercise: PracticeExercise;
  language: LanguageTag | undefined;
  checked: boolean;
  onCheck: (answer: string) => void;
}

/** The answer of a 'choose', 'type' or 'listen' exercise, and its Check button. */
export function AnswerStep({ exercise, language, checked, onCheck }: AnswerStepProps) {
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
              // Each choice is in the course's language, so a screen reader reads it with that voice.
              <FormControlLabel key={index} value={String(index)} control={<Radio />} label={<span lang={language}>{choice}</span>} sx={{ minHeight: 44 }} />
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

