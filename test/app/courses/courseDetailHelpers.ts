import { configure, screen } from '@testing-library/react';

/** The course facts (dt/dd pairs) as shown. */
export function shownFacts(): Record<string, string> {
  const terms = screen.getAllByRole('term');
  const definitions = screen.getAllByRole('definition');
  return Object.fromEntries(terms.map((term, index) => [term.textContent, definitions[index]?.textContent ?? '']));
}

/**
 * Suite set-up: loads the lazily routed page module once, so its first (cold, transpiling) load
 * does not use up the first `findBy*` wait, and gives `findBy*` / `waitFor` (1 s by default) and
 * each test (5 s) more time, so the suites do not flake on a busy two-core machine.
 */
export function setUpCourseDetailSuite() {
  configure({ asyncUtilTimeout: 10_000 });
  jest.setTimeout(30_000);
  beforeAll(() => import('@/features/courses/CourseDetailPage'), 30_000);
}
