import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { LanguageTag } from '@/components/courseLanguage';
import { practiceMessages as messages } from './practiceMessages';
import { applySpecialKey, type SpecialKey, specialKeysOf } from './specialLetters';

interface SpecialLettersRowProps {
  language: LanguageTag | undefined;
  /** The answer field the keys type into. */
  input: RefObject<HTMLInputElement | HTMLTextAreaElement | null>;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/**
 * The course language's special letters and tone marks as a row of buttons under an answer field
 * ('Insert ẹ', 'Add low tone (à)'): each types at the field's cursor and gives the focus back to
 * the field, with the cursor after what it typed. Nothing for a language that needs no such keys.
 * The buttons wrap, so the row fits a 390 px screen.
 */
export function SpecialLettersRow({ language, input, value, onChange, disabled = false }: SpecialLettersRowProps) {
  const keys = specialKeysOf(language);
  if (keys.length === 0) return null;

  function press(key: SpecialKey) {
    const field = input.current;
    const start = field?.selectionStart ?? value.length;
    const end = field?.selectionEnd ?? start;
    const edit = applySpecialKey(value, start, end, key);
    // The new value in the field first, then the cursor after what was typed.
    flushSync(() => onChange(edit.value));
    if (field === null) return;
    field.focus();
    field.setSelectionRange(edit.cursor, edit.cursor);
  }

  return (
    <Box role="group" aria-label={messages.lettersLabel} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      {keys.map((key) => {
        const shown = key.kind === 'letter' ? key.text : key.sample;
        return (
          <Button
            key={shown}
            variant="outlined"
            size="small"
            disabled={disabled}
            aria-label={key.kind === 'letter' ? messages.insert(key.text) : messages.tone(key.name, key.sample)}
            // A pointer keeps the field's focus and cursor; the keyboard presses it as any button.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => press(key)}
            lang={language}
            sx={{ minWidth: 44, minHeight: 44, px: 1, fontSize: '1.125rem', textTransform: 'none' }}
          >
            {shown}
          </Button>
        );
      })}
    </Box>
  );
}
