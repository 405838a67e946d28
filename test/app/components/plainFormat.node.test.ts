/**
 * The public pages' dates, counts and alphabetical order (src/components/plainFormat.ts) are
 * exactly as `Intl` writes and orders them in English, which the pages used before and the spec's
 * texts follow.
 */
import { alphabetical, groupedCount, longDate } from '@/components/plainFormat';

const dates = ['2024-11-12T00:00:00Z', '2026-01-01T23:59:59Z', '1999-12-31T12:00:00Z', '2025-05-07T08:30:00+02:00'].map((iso) => new Date(iso));

test('a long date is Intl en-GB day, long month and year, in UTC or the local time zone', () => {
  const utc = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const local = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  for (const date of dates) {
    expect(longDate(date, { utc: true })).toBe(utc.format(date));
    expect(longDate(date)).toBe(local.format(date));
  }
  expect(longDate(new Date('2024-11-12T00:00:00Z'), { utc: true })).toBe('12 November 2024');
});

test('a count has its thousands grouped as Intl en-GB groups them', () => {
  for (const value of [0, 7, 999, 1000, 12_345, 1_234_567, -4321, 12.5]) {
    expect(groupedCount(value)).toBe(value.toLocaleString('en-GB'));
  }
  expect(groupedCount(5000)).toBe('5,000');
});

test('names are ordered as localeCompare orders them in English', () => {
  const names = ['Yoruba', 'english', 'Akan', 'Pidgin English', 'Pidgin', 'akan twi', 'French 2', 'French 10', 'Éwé', 'Akan (Twi)', 'Igbo-Ibibio', 'zulu', 'Zulu', ''];
  const expected = [...names].sort((a, b) => a.localeCompare(b, 'en'));
  expect([...names].sort(alphabetical)).toEqual(expected);
  expect(['Yoruba', 'German', 'Akan', 'Pidgin English', 'English'].sort(alphabetical)).toEqual(['Akan', 'English', 'German', 'Pidgin English', 'Yoruba']);
  for (const a of names) for (const b of names) expect(Math.sign(alphabetical(a, b))).toBe(Math.sign(a.localeCompare(b, 'en')));
});
