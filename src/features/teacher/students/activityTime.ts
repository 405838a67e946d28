import { formatterOnFirstUse } from '@/components/plainFormat';

const relative = formatterOnFirstUse(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));
const dayMonthYear = formatterOnFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }));

const DAY_MS = 86_400_000;
const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/**
 * How long ago a day was, in the reader's time zone and calendar days: 'today', 'yesterday',
 * '3 days ago', then '2 months ago' after a month and '1 year ago' after a year. A future time
 * reads 'today'; a time that cannot be read gives null.
 */
export function daysAgoText(iso: string, now: Date = new Date()): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const days = Math.max(0, Math.round((startOfDay(now) - startOfDay(date)) / DAY_MS));
  if (days < 31) return relative().format(-days, 'day');
  if (days < 365) return relative().format(-Math.floor(days / 30), 'month');
  return relative().format(-Math.floor(days / 365), 'year');
}

/** A day as '2 Oct 2026', or null when the time cannot be read. */
export function dayText(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dayMonthYear().format(date);
}
