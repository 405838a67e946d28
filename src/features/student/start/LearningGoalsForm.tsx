import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { type FormEvent, type ReactNode, useState } from 'react';
import { errorText, type LearnerLevel, useListCategoriesQuery } from '@/api';
import { LoadError } from '@/components/LoadError';
import { ServerMessage } from '@/components/ServerMessage';
import { type GoalsChoice } from './useLearningGoals';
import { learnerLevelChoices, startMessages as messages } from './startMessages';

interface LearningGoalsFormProps {
  initial: GoalsChoice;
  /** Saves the choice; a refusal or failure shows above the buttons. */
  onSave: (choice: GoalsChoice) => Promise<void>;
  saving: boolean;
  submitLabel: string;
  /** Beside the submit button (the step's 'Skip for now'). */
  secondary?: ReactNode;
}

/**
 * The languages to learn (one checkbox per category of the academy) and the level (a radio per CEFR
 * level with one line describing it, and 'Not sure'). Used by the step after sign-up and by Profile Setting.
 */
export function LearningGoalsForm({ initial, onSave, saving, submitLabel, secondary }: LearningGoalsFormProps) {
  const categories = useListCategoriesQuery();
  const [languages, setLanguages] = useState<string[]>(initial.learning_languages);
  const [level, setLevel] = useState<LearnerLevel | null>(initial.level);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      await onSave({ learning_languages: languages, level });
    } catch (error) {
      setFailure(errorText(error, messages.goalsFailed));
    }
  }

  const titles = (categories.data ?? []).map((category) => category.title);
  let choices: ReactNode;
  if (categories.data === undefined) {
    choices = categories.isError ? (
      <LoadError message={messages.categoriesFailed} onRetry={() => void categories.refetch()} />
    ) : (
      <Skeleton variant="rounded" height={40} />
    );
  } else {
    choices = (
      <FormGroup row>
        {titles.map((title) => (
          <FormControlLabel
            key={title}
            label={title}
            control={
              <Checkbox
                checked={languages.includes(title)}
                onChange={(event) => setLanguages(event.target.checked ? [...languages, title] : languages.filter((language) => language !== title))}
              />
            }
          />
        ))}
      </FormGroup>
    );
  }

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
      <Stack spacing={3}>
        <FormControl component="fieldset">
          <FormLabel component="legend">{messages.languagesLabel}</FormLabel>
          {choices}
        </FormControl>
        <FormControl component="fieldset">
          <FormLabel component="legend">{messages.levelLabel}</FormLabel>
          <RadioGroup value={level ?? ''} onChange={(event) => setLevel(event.target.value as LearnerLevel)}>
            {learnerLevelChoices.map((choice) => (
              <FormControlLabel
                key={choice.value}
                value={choice.value}
                control={<Radio />}
                label={
                  <>
                    <Box component="span" sx={{ fontWeight: 700 }}>
                      {choice.name}
                    </Box>{' '}
                    {choice.line}
                  </>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
        {failure !== null && <ServerMessage tone="error">{failure}</ServerMessage>}
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={saving}>
            {submitLabel}
          </Button>
          {secondary}
        </Stack>
      </Stack>
    </Box>
  );
}
