import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { errorText } from '@/api';
import { LoadError } from '@/components/LoadError';
import { useToasts } from '@/components/toasts/useToasts';
import { LearningGoalsForm } from './LearningGoalsForm';
import { startMessages as messages } from './startMessages';
import { useLearningGoals } from './useLearningGoals';

/** Profile Setting's 'What will you learn?' (issue 39): the languages and level chosen after sign-up, changed and saved. */
export function LearningGoalsSection() {
  const headingId = useId();
  const state = useLearningGoals();
  const { enqueueSnackbar } = useToasts();
  let content;
  if (state.goals === undefined) {
    content =
      state.error !== undefined ? (
        <LoadError message={errorText(state.error, messages.goalsFailed)} onRetry={state.retry} />
      ) : (
        <Skeleton variant="rounded" height={200} />
      );
  } else {
    content = (
      <LearningGoalsForm
        initial={{ learning_languages: state.goals.learning_languages, level: state.goals.level }}
        saving={state.saving}
        submitLabel={messages.saveGoals}
        onSave={async (choice) => {
          await state.save(choice);
          enqueueSnackbar(state.keptInBrowser ? messages.goalsKeptHere : messages.goalsSaved, { variant: 'success' });
        }}
      />
    );
  }
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 5 }}>
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.375rem' }} gutterBottom>
        {messages.goalsTitle}
      </Typography>
      {content}
    </Box>
  );
}
