/**
 * MUI's multiline inputs in jsdom: a plain `<textarea>` sized by `minRows`. The real
 * TextareaAutosize measures its own height with `getComputedStyle` on every render, which jsdom
 * (no layout, so the measure is always 0) answers by matching every stylesheet rule against
 * every ancestor: some 20 ms per keystroke per field. The height is a browser matter, covered by
 * the browser journeys.
 */
import { forwardRef, type TextareaHTMLAttributes } from 'react';

interface TextareaAutosizeProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  minRows?: number | string;
  maxRows?: number | string;
}

const TextareaAutosize = forwardRef<HTMLTextAreaElement, TextareaAutosizeProps>(function TextareaAutosize({ minRows, maxRows: _maxRows, ...props }, ref) {
  return <textarea ref={ref} rows={minRows === undefined ? undefined : Number(minRows)} {...props} />;
});

export default TextareaAutosize;
