import Box from '@mui/material/Box';
import { visuallyHidden } from '@/components/visuallyHidden';
import { COUNTER_FROM, lengthMessages, textLength } from './textLength';

export interface LengthHelperTextProps {
  /** The field's message (a problem), if any. */
  message?: string;
  /** Said while there is no message and the text fits. */
  hint?: string;
  /** The text the field holds. */
  value: string;
  /** The most characters the provider accepts (api-spec.yaml `maxLength`). */
  limit: number;
}

/**
 * The helper text of a field with a length limit (inside MUI's FormHelperText, so it describes
 * the field): its message, else its hint; once the text is near the limit, a counter ('180 / 200') at
 * the end; and a polite announcement when the limit is reached or passed. Over the limit with no
 * other message, the message is `lengthMessages.tooLong`, as the check before sending says it.
 */
export function LengthHelperText({ message, hint, value, limit }: LengthHelperTextProps) {
  const length = textLength(value);
  const over = length > limit;
  const shown = message ?? (over ? lengthMessages.tooLong(limit) : hint);
  const announced = length === limit ? lengthMessages.limitReached(limit) : over ? lengthMessages.over(length - limit) : '';
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <span>{shown}</span>
      {length >= limit * COUNTER_FROM ? (
        <Box component="span" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
          {lengthMessages.counter(length, limit)}
        </Box>
      ) : null}
      <Box component="span" role="status" sx={visuallyHidden}>
        {announced}
      </Box>
    </Box>
  );
}
