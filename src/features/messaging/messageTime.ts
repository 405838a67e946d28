import { formatterOnFirstUse } from '@/components/plainFormat';
import { messagingMessages as messages } from './messagingMessages';

const locale = 'en-GB';
const time = formatterOnFirstUse(() => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hour12: false }));
const weekday = formatterOnFirstUse(() => new Intl.DateTimeFormat(locale, { weekday: 'long' }));
const dayMonth = formatterOnFirstUse(() => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }));
const dayMonthYear = formatterOnFirstUse(() => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }));
const full = formatterOnFirstUse(() => new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }));

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
const DAY_MS = 86_400_000;

/**
 * A message's time as people read it, in the reader's time zone: '10:42' today, 'yesterday 18:03',
 * 'Monday 09:15' within the last week, '2 Dec, 09:15' this year, '2 Dec 2023, 09:15' before;
 * `full` is the whole date and time ('Monday 2 December 2024 at 10:42') for a `title`.
 * A time that cannot be read is shown as sent.
 */
export function formatMessageTime(iso: string, now: Date): { label: string; full: string } {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { label: iso, full: iso };
  const clock = time().format(date);
  const daysAgo = Math.round((startOfDay(now) - startOfDay(date)) / DAY_MS);
  let label: string;
  if (daysAgo <= 0) label = clock;
  else if (daysAgo === 1) label = messages.yesterdayAt(clock);
  else if (daysAgo < 7) label = `${weekday().format(date)} ${clock}`;
  else if (date.getFullYear() === now.getFullYear()) label = `${dayMonth().format(date)}, ${clock}`;
  else label = `${dayMonthYear().format(date)}, ${clock}`;
  return { label, full: full().format(date) };
}

/** A length in seconds as m:ss (41.5 -> '0:41', 300 -> '5:00'). */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
