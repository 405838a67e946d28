import { configure, screen } from '@testing-library/react';

/** The course facts (dt/dd pairs) as shown. */
export function shownFacts(): Record<string, string> {
  const terms = screen.getAllByRole('term');
  const definitions = screen.getAllByRole('definition');
  return Object.fromEntries(terms.map((term, index) => [term.textContent, definitions[index]?.textContent ?? '']));
}

/**
 * Suite set-up for a course-page suite that also goes through the whole app (the login page and
 * back, loaded lazily): `findBy*` and `waitFor` get 10 s instead of the app suites' 5 s, so the
 * suite does not flake on a busy two-core machine.
 */
export function setUpCourseDetailSuite() {
  configure({ asyncUtilTimeout: 10_000 });
}
