/** The fields of an instant in a zone that the app reads (Temporal.ZonedDateTime's). */
interface ZonedFields {
  year: number;
  /** 1 for January. */
  month: number;
  day: number;
  /** 1 for Monday, 7 for Sunday. */
  dayOfWeek: number;
  hour: number;
  minute: number;
}

/** The part of Temporal the app uses. */
interface TemporalApi {
  Now: { timeZoneId(): string };
  Instant: { fromEpochMilliseconds(milliseconds: number): { toZonedDateTimeISO(timeZone: string): ZonedFields } };
}

/**
 * The browser's Temporal where it has one (Chromium 144 and later, Firefox 139 and later), else
 * undefined (Node 20, Safari): a zone's name and an instant's fields in a zone without `Intl`,
 * whose first date formatter on a page costs 160–400 ms at 4× CPU (it loads the locale's data).
 */
export const temporal = (globalThis as { Temporal?: TemporalApi }).Temporal;
