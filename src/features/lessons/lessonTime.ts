import { browserTimeZone } from '@/components/TimeZoneField';
import { temporal } from '@/components/temporal';

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** en-GB's short month names ('Sept', four letters). */
const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** How a zone shows instants: the day ('Monday 7 December'), the date with its year, and the time ('09:00'). */
export interface ZoneFormats {
  /** 'Mon 7 Dec'. */
  shortDay: (instant: string) => string;
  day: (instant: string) => string;
  date: (instant: string) => string;
  time: (instant: string) => string;
  /** 'Monday 7 December, 09:00'. */
  dayAndTime: (instant: string) => string;
}

/**
 * The same words as Intl.DateTimeFormat('en-GB') writes them, from Temporal's fields where the
 * browser has Temporal: its first zone conversion takes a few milliseconds where the first
 * date formatter of a page takes 160–400 ms at 4× CPU (it loads the locale's data), in the
 * teacher page's one task that shows the lessons (docs/performance.md).
 */
function temporalFormats(timeZone: string, now: NonNullable<typeof temporal>): ZoneFormats {
  const inZone = (instant: string) => now.Instant.fromEpochMilliseconds(new Date(instant).getTime()).toZonedDateTimeISO(timeZone);
  const day = (instant: string) => {
    const zoned = inZone(instant);
    return `${weekdays[zoned.dayOfWeek - 1]} ${zoned.day} ${months[zoned.month - 1]}`;
  };
  /** With its year, en-GB puts a comma after the weekday. */
  const date = (instant: string) => {
    const zoned = inZone(instant);
    return `${weekdays[zoned.dayOfWeek - 1]}, ${zoned.day} ${months[zoned.month - 1]} ${zoned.year}`;
  };
  const time = (instant: string) => {
    const zoned = inZone(instant);
    return `${twoDigits(zoned.hour)}:${twoDigits(zoned.minute)}`;
  };
  return {
    shortDay: (instant) => {
      const zoned = inZone(instant);
      return `${weekdays[zoned.dayOfWeek - 1]?.slice(0, 3)} ${zoned.day} ${shortMonths[zoned.month - 1]}`;
    },
    day,
    date,
    time,
    dayAndTime: (instant) => `${day(instant)}, ${time(instant)}`,
  };
}

function intlFormats(timeZone: string): ZoneFormats {
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone });
  const date = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone });
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  const shortDay = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone });
  return {
    shortDay: (instant) => shortDay.format(new Date(instant)),
    day: (instant) => day.format(new Date(instant)),
    date: (instant) => date.format(new Date(instant)),
    time: (instant) => time.format(new Date(instant)),
    dayAndTime: (instant) => `${day.format(new Date(instant))}, ${time.format(new Date(instant))}`,
  };
}

/** How `timeZone` shows instants, in British English. */
export function zoneFormats(timeZone: string): ZoneFormats {
  return temporal ? temporalFormats(timeZone, temporal) : intlFormats(timeZone);
}

/** One day's free times in the viewer's zone: its name ('Monday 7 December'), short name ('Mon 7 Dec') and starts. */
export interface DayOfStarts {
  day: string;
  shortDay: string;
  starts: string[];
}

/** Free times grouped by the viewer's day, in order. */
export function startsByDay(starts: readonly string[], timeZone: string): DayOfStarts[] {
  const format = zoneFormats(timeZone);
  const days = new Map<string, DayOfStarts>();
  for (const start of starts) {
    const day = format.day(start);
    const known = days.get(day);
    if (known) known.starts.push(start);
    else days.set(day, { day, shortDay: format.shortDay(start), starts: [start] });
  }
  return [...days.values()];
}

const STORAGE_KEY = 'lessonTimeZone';

/** The zone the viewer chose for lesson times (kept in localStorage), else the browser's. */
export function rememberedTimeZone(): string {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored !== null && Intl.supportedValuesOf('timeZone').includes(stored)) return stored;
  } catch {
    // Storage refused: the browser's zone.
  }
  return browserTimeZone();
}

export function rememberTimeZone(zone: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, zone);
  } catch {
    // Storage refused (private mode): the choice lasts while the page does.
  }
}
