import { browserTimeZone } from '@/components/TimeZoneField';

/** How a zone shows instants: the day ('Monday 7 December'), the date with its year, and the time ('09:00'). */
export function zoneFormats(timeZone: string) {
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone });
  const date = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone });
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  const shortDay = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone });
  return {
    /** 'Mon 7 Dec'. */
    shortDay: (instant: string) => shortDay.format(new Date(instant)),
    day: (instant: string) => day.format(new Date(instant)),
    date: (instant: string) => date.format(new Date(instant)),
    time: (instant: string) => time.format(new Date(instant)),
    /** 'Monday 7 December, 09:00'. */
    dayAndTime: (instant: string) => `${day.format(new Date(instant))}, ${time.format(new Date(instant))}`,
  };
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
