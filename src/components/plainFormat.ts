/**
 * Dates, counts and alphabetical order as the academy writes them (British English), without `Intl`: the first use of
 * `Intl` on a page (a formatter made, `toLocaleString` or `localeCompare` with a locale) loads the locale's data, which took
 * 350 ms in one task at 4× CPU when the blog's date format was made as the home page's code ran
 * (docs/performance.md, "Where the main thread's time goes"). The public pages format with these;
 * the output is that of `Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })`
 * and of `Intl.NumberFormat('en-GB')` for whole numbers; `alphabetical` orders as `localeCompare(…, 'en')`.
 */
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** '12 November 2024': in UTC with `utc`, else in the browser's time zone. */
export function longDate(date: Date, { utc = false }: { utc?: boolean } = {}): string {
  const [day, month, year] = utc ? [date.getUTCDate(), date.getUTCMonth(), date.getUTCFullYear()] : [date.getDate(), date.getMonth(), date.getFullYear()];
  return `${day} ${months[month] ?? ''} ${year}`;
}

/** A whole number with its thousands grouped: '12,345' (anything else as `toLocaleString('en-GB')` writes it). */
export function groupedCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-GB');
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

/** Names of plain letters, digits and spaces, which compare as in English by their lower case. */
const plainName = /^[A-Za-z0-9 ]*$/;

/**
 * Alphabetical order as `a.localeCompare(b, 'en')` gives it, for a sort (90 ms at 4× CPU for the
 * course list's few language names, the locale's collation loaded first). Only names with other
 * characters (accents, punctuation) are compared by `localeCompare`.
 */
export function alphabetical(a: string, b: string): number {
  if (!plainName.test(a) || !plainName.test(b)) return a.localeCompare(b, 'en');
  const [lowerA, lowerB] = [a.toLowerCase(), b.toLowerCase()];
  if (lowerA !== lowerB) return lowerA < lowerB ? -1 : 1;
  return a.localeCompare(b, 'en');
}

/**
 * An `Intl` formatter made on its first use, not as its module loads: making one loads the locale's
 * data (above), and a screen's code holds formatters its first render does not use (two of them
 * were most of a 194 ms task at 4× CPU as the teacher dashboard's code loaded).
 */
export function formatterOnFirstUse<Formatter>(make: () => Formatter): () => Formatter {
  let made: Formatter | undefined;
  return () => (made ??= make());
}
