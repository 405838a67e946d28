import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/**
 * A filter's choices in MUI's own listbox (not a native select): the list follows the choice once it
 * is made (Enter, a click), not each option the arrow keys pass over on the way (WCAG 3.2.2), where a
 * native select changes its value, and so the search, on every arrow key in some browsers.
 */
export function FilterSelect({
  label,
  value,
  onChange,
  anyLabel,
  options,
  disabled = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
}) {
  return (
    <TextField
      select
      label={label}
      // A choice of the address whose option is not there yet (the categories still loading) shows as none.
      value={options.some((option) => option.value === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      fullWidth
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{anyLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
