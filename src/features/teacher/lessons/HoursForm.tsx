import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type KeyboardEvent, useId, useMemo, useState } from 'react';
import { type TeacherLessons, useUpdateTeacherLessonsMutation } from '@/api';
import { formatterOnFirstUse } from '@/components/plainFormat';
import { ServerMessage } from '@/components/ServerMessage';
import { browserTimeZone, TimeZoneField } from '@/components/TimeZoneField';
import { SUCCESS_TOAST_MS } from '@/components/toasts/toastDurations';
import { useToasts } from '@/components/toasts/useToasts';
import { useFieldErrors } from '@/hooks/useFieldErrors';
import { lessonsMessages as messages } from './lessonsMessages';
import { endTimes, type HoursRow, laterTime, rangeProblems, sortedRanges, startTimes, weekdays } from './weeklyHours';

const dayOffFormat = formatterOnFirstUse(() => new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }));
/** A day off ('2026-12-25') as 'Friday 25 December 2026'. */
const dayOffText = (date: string) => dayOffFormat().format(new Date(`${date}T00:00:00Z`));

/** Hours of notice or of the cancellation window: a whole number from 0 to 168. */
const isHours = (text: string) => /^\d{1,3}$/.test(text.trim()) && Number(text) <= 168;

const dayName = (weekday: number) => weekdays.find((day) => day.weekday === weekday)?.name ?? '';

const selectProps = { select: { native: true } } as const;

/** The options of the From and To fields, made once: every range's fields share them (and React skips them on a re-render). */
const optionsOf = (times: readonly string[]) =>
  times.map((time) => (
    <option key={time} value={time}>
      {time}
    </option>
  ));
const startOptions = optionsOf(startTimes);
const endOptions = optionsOf(endTimes);

/**
 * 'Your hours': the time zone, the week's ranges (From/To on the quarter hour, 'Add hours' for a
 * day, a range removed with its button), the days off (earliest first), the minimum notice and
 * the cancellation window, all saved with one 'Save hours'. Checked before sending (a zone chosen,
 * each end after its start, no ranges of a day overlapping), each message under its field; a
 * refusal keeps every value.
 */
export function HoursForm({ lessons }: { lessons: TeacherLessons }) {
  const [timeZone, setTimeZone] = useState(() => lessons.time_zone ?? browserTimeZone());
  const [rows, setRows] = useState<HoursRow[]>(() => lessons.weekly_hours.map((range, index) => ({ ...range, key: index + 1 })));
  const [daysOff, setDaysOff] = useState<string[]>(lessons.days_off);
  const [dayOff, setDayOff] = useState('');
  const [minNotice, setMinNotice] = useState(String(lessons.min_notice_hours));
  const [cancellation, setCancellation] = useState(String(lessons.cancellation_hours));
  const [failure, setFailure] = useState<string | null>(null);
  const [updateTeacherLessons, { isLoading: saving }] = useUpdateTeacherLessonsMutation();
  const { enqueueSnackbar } = useToasts();
  const daysOffHeadingId = useId();

  /** The fields in the order of the page: the zone, each day's ranges, the day off and the two numbers. */
  const fieldOrder = useMemo(
    () => [
      'time_zone',
      ...weekdays.flatMap(({ weekday }) => rows.filter((row) => row.weekday === weekday).flatMap((row) => [`start-${row.key}`, `end-${row.key}`])),
      'day_off',
      'min_notice_hours',
      'cancellation_hours',
    ],
    [rows],
  );
  const { formRef, errors, show, clear, refuse } = useFieldErrors<string>(fieldOrder, {
    messageFields: [
      [/\btime zone\b/i, 'time_zone'],
      [/\bnotice\b/i, 'min_notice_hours'],
      [/\bcancel/i, 'cancellation_hours'],
    ],
  });

  const changeRow = (key: number, change: Partial<HoursRow>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
    clear(`start-${key}`);
    clear(`end-${key}`);
  };

  const addHours = (weekday: number) => {
    const last = rows.filter((row) => row.weekday === weekday).at(-1);
    // After the day's last range, an hour long; the first range of a day from 09:00 to 17:00.
    const start = last && last.end !== '24:00' ? last.end : '09:00';
    const end = last && last.end !== '24:00' ? laterTime(start, 60) : '17:00';
    setRows((current) => [...current, { weekday, start, end, key: Math.max(0, ...current.map((row) => row.key)) + 1 }]);
  };

  const addDayOff = () => {
    if (dayOff === '') {
      show({ day_off: messages.dayOffMissing });
      return;
    }
    if (daysOff.includes(dayOff)) {
      show({ day_off: messages.dayOffTwice });
      return;
    }
    clear('day_off');
    setDaysOff((current) => [...current, dayOff].sort());
    setDayOff('');
  };

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const problems: Record<string, string> = {};
    if (timeZone === '') problems.time_zone = messages.timeZoneMissing;
    for (const [key, problem] of rangeProblems(rows)) {
      if (problem === 'endNotAfterStart') problems[`end-${key}`] = messages.endNotAfterStart;
      else problems[`start-${key}`] = messages.rangesOverlap(dayName(rows.find((row) => row.key === key)?.weekday ?? 0));
    }
    if (!isHours(minNotice)) problems.min_notice_hours = messages.hoursInvalid;
    if (!isHours(cancellation)) problems.cancellation_hours = messages.hoursInvalid;
    if (!show(problems)) return;
    setFailure(null);
    try {
      await updateTeacherLessons({
        teacherId: lessons.teacher_id,
        teacherLessonsForm: {
          time_zone: timeZone,
          min_notice_hours: String(Number(minNotice)),
          cancellation_hours: String(Number(cancellation)),
          weekly_hours: JSON.stringify(sortedRanges(rows)),
          days_off: JSON.stringify(daysOff),
        },
      }).unwrap();
      enqueueSnackbar(messages.hoursSaved, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS });
    } catch (error) {
      setFailure(refuse(error, messages.hoursNotSaved).message);
    }
  }

  const numberField = (name: 'min_notice_hours' | 'cancellation_hours', label: string, value: string, onChange: (value: string) => void, hint: string) => (
    <TextField
      name={name}
      label={label}
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
        clear(name);
      }}
      error={errors[name] !== undefined}
      helperText={errors[name] ?? hint}
      disabled={saving}
      fullWidth
      sx={{ maxWidth: '24rem' }}
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
    />
  );

  return (
    <Stack component="form" ref={formRef} noValidate onSubmit={(event) => void save(event)} spacing={3}>
      <Typography sx={{ color: 'text.secondary' }}>{messages.hoursIntro}</Typography>
      <TimeZoneField
        name="time_zone"
        label={messages.timeZoneLabel}
        emptyLabel={messages.chooseTimeZone}
        value={timeZone}
        onChange={(zone) => {
          setTimeZone(zone);
          clear('time_zone');
        }}
        error={errors.time_zone !== undefined}
        helperText={errors.time_zone}
        disabled={saving}
      />

      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="h3" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 1 }}>
          {messages.weekLegend}
        </Typography>
        <Stack spacing={2}>
          {weekdays.map(({ weekday, name }) => {
            const dayRows = rows.filter((row) => row.weekday === weekday);
            return (
              <Box key={weekday} component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pb: 1.5, pt: 0.5, m: 0, minWidth: 0 }}>
                <Typography component="legend" sx={{ fontWeight: 600, px: 0.5 }}>
                  {name}
                </Typography>
                {dayRows.length === 0 ? <Typography sx={{ color: 'text.secondary', mb: 1 }}>{messages.noHours}</Typography> : null}
                {dayRows.map((row, index) => (
                  <Stack key={row.key} direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap', mb: 1.5 }}>
                    <TextField
                      select
                      name={`start-${row.key}`}
                      label={messages.fromLabel}
                      value={row.start}
                      onChange={(event) => changeRow(row.key, { start: event.target.value })}
                      error={errors[`start-${row.key}`] !== undefined}
                      helperText={errors[`start-${row.key}`]}
                      disabled={saving}
                      size="small"
                      sx={{ flex: '1 1 7rem', maxWidth: '12rem' }}
                      slotProps={{ ...selectProps, htmlInput: { 'aria-label': messages.rangeFrom(name, index + 1) } }}
                    >
                      {startOptions}
                    </TextField>
                    <TextField
                      select
                      name={`end-${row.key}`}
                      label={messages.toLabel}
                      value={row.end}
                      onChange={(event) => changeRow(row.key, { end: event.target.value })}
                      error={errors[`end-${row.key}`] !== undefined}
                      helperText={errors[`end-${row.key}`]}
                      disabled={saving}
                      size="small"
                      sx={{ flex: '1 1 7rem', maxWidth: '12rem' }}
                      slotProps={{ ...selectProps, htmlInput: { 'aria-label': messages.rangeTo(name, index + 1) } }}
                    >
                      {endOptions}
                    </TextField>
                    <IconButton
                      aria-label={messages.removeRange(name, row.start, row.end)}
                      disabled={saving}
                      onClick={(event) => {
                        // The button goes with its range: the focus moves to the day's 'Add hours'.
                        event.currentTarget.closest('fieldset')?.querySelector<HTMLElement>('[data-add-hours]')?.focus();
                        setRows((current) => current.filter((other) => other.key !== row.key));
                        clear(`start-${row.key}`);
                        clear(`end-${row.key}`);
                      }}
                    >
                      <CloseIcon />
                    </IconButton>
                  </Stack>
                ))}
                <Button size="small" startIcon={<AddIcon />} data-add-hours="" aria-label={messages.addHoursFor(name)} disabled={saving} onClick={() => addHours(weekday)}>
                  {messages.addHours}
                </Button>
              </Box>
            );
          })}
        </Stack>
      </Box>

      <Box component="fieldset" aria-labelledby={daysOffHeadingId} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" id={daysOffHeadingId} variant="h3" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 1 }}>
          {messages.daysOffLegend}
        </Typography>
        {daysOff.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', mb: 1.5 }}>{messages.noDaysOff}</Typography>
        ) : (
          <Box component="ul" aria-label={messages.daysOffListLabel} sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5 }}>
            {daysOff.map((date) => (
              <Box component="li" key={date} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography component="span" sx={{ flex: '1 1 auto' }}>
                  {dayOffText(date)}
                </Typography>
                <IconButton
                  aria-label={messages.removeDayOff(dayOffText(date))}
                  disabled={saving}
                  onClick={() => {
                    // The button goes with its day: the focus moves to the date field.
                    formRef.current?.querySelector<HTMLElement>('[name="day_off"]')?.focus();
                    setDaysOff((current) => current.filter((other) => other !== date));
                  }}
                >
                  <CloseIcon />
                </IconButton>
              </Box>
            ))}
          </Box>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            type="date"
            name="day_off"
            label={messages.dayOffLabel}
            value={dayOff}
            onChange={(event) => {
              setDayOff(event.target.value);
              clear('day_off');
            }}
            onKeyDown={(event: KeyboardEvent) => {
              // Enter adds the day, as the button beside it does, rather than saving the whole form.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              addDayOff();
            }}
            error={errors.day_off !== undefined}
            helperText={errors.day_off}
            disabled={saving}
            size="small"
            sx={{ flex: '1 1 10rem', maxWidth: '14rem' }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button variant="outlined" disabled={saving} onClick={addDayOff} sx={{ mt: 0.25 }}>
            {messages.addDayOff}
          </Button>
        </Stack>
      </Box>

      {numberField('min_notice_hours', messages.minNoticeLabel, minNotice, setMinNotice, messages.minNoticeHint)}
      {numberField('cancellation_hours', messages.cancellationLabel, cancellation, setCancellation, messages.cancellationHint(isHours(cancellation) ? String(Number(cancellation)) : ''))}

      {failure === null ? null : <ServerMessage tone="error">{failure}</ServerMessage>}
      <Box>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? messages.savingHours : messages.saveHours}
        </Button>
      </Box>
    </Stack>
  );
}
