import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Skeleton from '@mui/material/Skeleton';
import { useId } from 'react';
import { useListCategoriesQuery } from '@/api';
import { LoadError } from '@/components/LoadError';
import { studentAreaMessages as messages } from './messages';

/** `selected` with the spelling of the matching category (case aside), the others as they are. */
export function canonicalInterests(selected: readonly string[], categories: readonly string[]): string[] {
  return selected.map((interest) => categories.find((title) => title.toLowerCase() === interest.toLowerCase()) ?? interest);
}

interface InterestsFieldProps {
  /** The chosen interests, e.g. ["French", "Yoruba"]. */
  value: readonly string[];
  onChange: (interests: string[]) => void;
}

/**
 * The interested categories as one checkbox per category of `category/`. Interests the student
 * typed at registration that are no category stay listed (checked) so that they are kept unless
 * unticked. While the categories cannot be read, the interests cannot be changed.
 */
export function InterestsField({ value, onChange }: InterestsFieldProps) {
  const { data: categories, isError, refetch } = useListCategoriesQuery();
  const hintId = useId();
  const titles = (categories ?? []).map((category) => category.title);
  const chosen = canonicalInterests(value, titles);
  const options = [...titles, ...chosen.filter((interest) => !titles.includes(interest))];

  function toggle(option: string, checked: boolean) {
    onChange(checked ? [...chosen, option] : chosen.filter((interest) => interest !== option));
  }

  let choices;
  if (categories === undefined) {
    choices = isError ? (
      <LoadError message={messages.categoriesFailed} onRetry={() => void refetch()} />
    ) : (
      <Skeleton variant="rounded" height={40} />
    );
  } else {
    choices = (
      <FormGroup row>
        {options.map((option) => (
          <FormControlLabel
            key={option}
            label={option}
            control={<Checkbox checked={chosen.includes(option)} onChange={(event) => toggle(option, event.target.checked)} />}
          />
        ))}
      </FormGroup>
    );
  }

  return (
    <FormControl component="fieldset" aria-describedby={hintId}>
      <FormLabel component="legend">{messages.interestsLabel}</FormLabel>
      <FormHelperText id={hintId} sx={{ mx: 0, mb: 1 }}>
        {messages.interestsHint}
      </FormHelperText>
      {choices}
    </FormControl>
  );
}
