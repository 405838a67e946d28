import TextField from '@mui/material/TextField';

/**
 * A required field says so (the label's asterisk, `aria-required`) without the native `required`,
 * which makes an untouched empty field :invalid, read as 'invalid' before anything was typed. The
 * form checks its fields itself (noValidate) and marks them invalid after a refused submit.
 */
export const requiredSlots = { inputLabel: { required: true }, htmlInput: { 'aria-required': true } } as const;

/**
 * A text field of an upload form: its message (else `hint`) under it, disabled while uploading,
 * no longer than `maxLength` (api-spec.yaml), and marked required as `requiredSlots` says.
 */
export function UploadTextField({
  field,
  label,
  value,
  onChange,
  disabled,
  maxLength,
  required = false,
  multiline,
  minRows,
}: {
  /** The form kit's `fieldProps(name, hint)`. */
  field: { name: string; error: boolean; helperText?: string };
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  maxLength: number;
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
      slotProps={
        required ? { inputLabel: requiredSlots.inputLabel, htmlInput: { ...requiredSlots.htmlInput, maxLength } } : { htmlInput: { maxLength } }
      }
    />
  );
}
