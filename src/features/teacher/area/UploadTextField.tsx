import TextField from '@mui/material/TextField';
import { type ReactNode } from 'react';

/**
 * A required field says so (the label's asterisk, `aria-required`) without the native `required`,
 * which makes an untouched empty field :invalid, read as 'invalid' before anything was typed. The
 * form checks its fields itself (noValidate) and marks them invalid after a refused submit.
 */
export const requiredSlots = { inputLabel: { required: true }, htmlInput: { 'aria-required': true } } as const;

/**
 * A text field of an upload form: its message (else `hint`) and, near its limit, its counter under
 * it (the form kit's `fieldProps`), disabled while uploading, marked required as `requiredSlots`
 * says. A multiline field grows up to `maxRows`, then scrolls, so a very long text leaves the rest
 * of the form near.
 */
export function UploadTextField({
  field,
  label,
  value,
  onChange,
  disabled,
  required = false,
  multiline,
  minRows,
}: {
  /** The form kit's `fieldProps(name, hint, value)`. */
  field: { name: string; error: boolean; helperText?: ReactNode };
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  required?: boolean;
  multiline?: boolean;
  minRows?: number;
}) {
  return (
    <TextField
      {...field}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      multiline={multiline}
      minRows={minRows}
      maxRows={multiline ? 12 : undefined}
      slotProps={required ? requiredSlots : undefined}
    />
  );
}
