import { formatMessageTime } from '@/features/messaging/messageTime';

/** Dates in the machine's own time zone, as the reader sees them. */
const at = (day: number, hour: number, minute: number, month = 11, year = 2024) => new Date(year, month, day, hour, minute);
const label = (date: Date, now: Date) => formatMessageTime(date.toISOString(), now).label;

describe('message times', () => {
  const now = at(12, 15, 30);

  it("reads '10:42' today and 'yesterday 18:03' the day before", () => {
    expect(label(at(12, 10, 42), now)).toBe('10:42');
    expect(label(at(12, 0, 5), now)).toBe('00:05');
    expect(label(at(11, 18, 3), now)).toBe('yesterday 18:03');
    expect(label(at(11, 23, 59), at(12, 0, 1))).toBe('yesterday 23:59');
  });

  it('reads the weekday within the week, the date this year, and the year before that', () => {
    expect(label(at(9, 9, 15), now)).toBe('Monday 09:15');
    expect(label(at(2, 9, 15), now)).toBe('2 Dec, 09:15');
    expect(label(at(20, 8, 0, 10, 2023), now)).toBe('20 Nov 2023, 08:00');
  });

  it('gives the whole date and time for the title', () => {
    const { full } = formatMessageTime(at(2, 10, 42).toISOString(), now);
    expect(full).toMatch(/^Monday,? 2 December 2024 at 10:42$/);
  });

  it('shows a time it cannot read as it came', () => {
    expect(formatMessageTime('soon', now)).toEqual({ label: 'soon', full: 'soon' });
  });
});
