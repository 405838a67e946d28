import { DateTime, IANAZone } from 'luxon';

/** Hours of one weekday in the teacher's zone (api-spec.yaml `WeeklyHoursRange`): 1 = Monday … 7 = Sunday, `HH:MM`, `end` up to `24:00`. */
export interface WeeklyHoursRange {
  weekday: number;
  start: string;
  end: string;
}

/** What the free times are computed from: the teacher's zone (null until set), hours, days off (`YYYY-MM-DD`) and notice. */
export interface LessonHours {
  timeZone: string | null;
  weeklyHours: WeeklyHoursRange[];
  daysOff: string[];
  minNoticeHours: number;
}

export interface FreeTimesWindow {
  /** The instant the window opens. */
  from: Date;
  days: number;
  /** The lesson's length, 25 or 50. */
  minutes: number;
}

export interface FreeTime {
  start: string;
  end: string;
}

/** A span of time taken already, in epoch milliseconds: from `start` until (not including) `end`. */
export interface BusyInterval {
  start: number;
  end: number;
}

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;
/** Starts are offered on every hour and half hour. */
const gridMinutes = 30;

/** Minutes after local midnight of an `HH:MM` time (`24:00` is 1440). */
export function minutesOfDay(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/**
 * The instants at which the zone's clocks show the wall time `wallMs` (a local date and time
 * written as if it were UTC), earliest first: one, two for a time the clocks repeat (they go back),
 * none for one they skip (they go forward). Assumes at most one change within a day either side.
 */
function instantsOf(zone: IANAZone, wallMs: number): number[] {
  const offsets = new Set([zone.offset(wallMs - dayMs), zone.offset(wallMs + dayMs)]);
  return [...offsets]
    .map((offset) => wallMs - offset * minuteMs)
    .filter((instant) => zone.offset(instant) * minuteMs === wallMs - instant)
    .sort((a, b) => a - b);
}

/**
 * The first instant at which the zone's clocks show `wallMs` or later: its first occurrence, or,
 * for a time the clocks skip, the moment they jump past it.
 */
function firstInstantAtOrAfter(zone: IANAZone, wallMs: number): number {
  const [first] = instantsOf(zone, wallMs);
  if (first !== undefined) return first;
  const wallAt = (instant: number) => instant + zone.offset(instant) * minuteMs;
  // Skipped: the jump lies between the instants the two offsets would give; find it to the ms.
  const candidates = [zone.offset(wallMs - dayMs), zone.offset(wallMs + dayMs)].map((offset) => wallMs - offset * minuteMs);
  let low = Math.min(...candidates);
  let high = Math.max(...candidates);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (wallAt(middle) >= wallMs) high = middle;
    else low = middle;
  }
  return high;
}

/**
 * The times a lesson of `window.minutes` could start in the `window.days` days from `window.from`:
 * on every hour and half hour (local wall time in the teacher's zone) of a weekly range whose
 * lesson ends within the range, none on a day off (a local date), none before `from` or before
 * `now` plus the minimum notice. Across a daylight-saving change the ranges keep their wall times:
 * a start the clocks skip is left out, one they repeat is offered once, at its first occurrence; a
 * lesson's end is its start plus `minutes` of real time. A start whose lesson would overlap one of
 * `busy` (the teacher's held and booked lessons) is left out. Earliest first, as UTC ISO strings.
 */
export function freeTimes(hours: LessonHours, window: FreeTimesWindow, now: Date, busy: BusyInterval[] = []): FreeTime[] {
  if (hours.timeZone === null || hours.weeklyHours.length === 0) return [];
  const zone = IANAZone.create(hours.timeZone);
  if (!zone.isValid) return [];
  const earliest = Math.max(window.from.getTime(), now.getTime() + hours.minNoticeHours * hourMs);
  const windowEnd = window.from.getTime() + window.days * dayMs;
  if (earliest >= windowEnd) return [];
  const lessonMs = window.minutes * minuteMs;
  const daysOff = new Set(hours.daysOff);
  const starts: number[] = [];
  // Local calendar dates (as UTC dates: no clock changes), from the day before the first instant's
  // local date to the last one's, so that every range that could reach the window is seen.
  const lastDate = DateTime.fromMillis(windowEnd, { zone }).setZone('UTC', { keepLocalTime: true }).startOf('day');
  for (
    let date = DateTime.fromMillis(earliest, { zone }).setZone('UTC', { keepLocalTime: true }).startOf('day').minus({ days: 1 });
    date <= lastDate;
    date = date.plus({ days: 1 })
  ) {
    if (daysOff.has(date.toISODate() as string)) continue;
    const midnight = date.toMillis();
    for (const range of hours.weeklyHours) {
      if (range.weekday !== date.weekday) continue;
      const rangeStart = minutesOfDay(range.start);
      const rangeEnd = minutesOfDay(range.end);
      const endInstant = firstInstantAtOrAfter(zone, midnight + rangeEnd * minuteMs);
      for (let minute = Math.ceil(rangeStart / gridMinutes) * gridMinutes; minute < rangeEnd; minute += gridMinutes) {
        const [start] = instantsOf(zone, midnight + minute * minuteMs);
        if (start === undefined || start + lessonMs > endInstant) continue;
        if (start >= earliest && start < windowEnd) starts.push(start);
      }
    }
  }
  return starts
    .filter((start) => !busy.some((taken) => start < taken.end && taken.start < start + lessonMs))
    .sort((a, b) => a - b)
    .map((start) => ({ start: new Date(start).toISOString(), end: new Date(start + lessonMs).toISOString() }));
}

/** A lesson's time for people to read, in UTC: "Monday 7 December 2026, 09:00–09:50 UTC". */
export function lessonTimeText(startsAt: string, endsAt: string): string {
  const start = DateTime.fromISO(startsAt, { zone: 'UTC', locale: 'en-GB' });
  const end = DateTime.fromISO(endsAt, { zone: 'UTC', locale: 'en-GB' });
  return `${start.toFormat('cccc d LLLL yyyy, HH:mm')}–${end.toFormat('HH:mm')} UTC`;
}
