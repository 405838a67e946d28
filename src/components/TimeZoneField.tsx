import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useMemo } from 'react';
import { temporal } from './temporal';

/** The zone the browser runs in (an IANA name): Temporal's word where the browser has it (no `Intl` formatter made). */
export const browserTimeZone = () => temporal?.Now.timeZoneId() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zones to choose from: the browser's list (418 names), with the current one where the list lacks it ('UTC'). */
function zoneChoices(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return current === '' || zones.includes(current) ? zones : [current, ...zones].sort();
}

interface TimeZoneFieldProps {
  label: string;
  value: string;
  onChange: (zone: string) => void;
  name?: string;
  /** The first option, for no zone chosen yet ('Choose a time zone'); left out when a zone is always chosen. */
  emptyLabel?: string;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

/** A native select of the IANA time zones (native: 418 options open at once on a phone, in its own picker). */
export function TimeZoneField({ label, value, onChange, name, emptyLabel, error, helperText, disabled, size, sx }: TimeZoneFieldProps) {
  const options = useMemo(
    () =>
      zoneChoices(value).map((zone) => (
        <option key={zone} value={zone}>
          {zone}
        </option>
      )),
    [value],
  );
  return (
    <TextField
      select
      name={name}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      helperText={helperText}
      disabled={disabled}
      size={size}
      fullWidth
      sx={{ maxWidth: '24rem', ...sx }}
      slotProps={{ select: { native: true } }}
    >
      {emptyLabel === undefined ? null : <option value="">{emptyLabel}</option>}
      {options}
    </TextField>
  );
}
