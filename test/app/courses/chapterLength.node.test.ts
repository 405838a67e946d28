import { chapterLength, courseLength } from '@/features/courses/chapterLength';

describe('durations as a learner reads them', () => {
  it.each([
    [8, '8 s'],
    [59.4, '59 s'],
    [59.6, '1 min'],
    [720, '12 min'],
    [3569, '59 min'],
    [3600, '1 h'],
    [3900, '1 h 5 min'],
    [2 * 3600 + 30 * 60, '2 h 30 min'],
  ])('%s seconds read as %s', (seconds, shown) => {
    expect(chapterLength(seconds)).toBe(shown);
  });

  it('leaves out an unknown length, and a course total that would leave a chapter out', () => {
    expect(chapterLength(null)).toBeNull();
    expect(chapterLength(undefined)).toBeNull();
    expect(chapterLength(Number.NaN)).toBeNull();
    expect(courseLength([])).toBeNull();
    expect(courseLength([60, null])).toBeNull();
    expect(courseLength([245, 45, 3600])).toBe('1 h 5 min');
    expect(courseLength([4, 4])).toBe('8 s');
  });
});
