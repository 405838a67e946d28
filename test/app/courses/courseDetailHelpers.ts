import { configure, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Chapter, EnrollStatus, RatingStatus } from '@/api/generated';
import { API } from '@test/handlers';

/** The mocked enrol-status answer for every student and course. */
export function answerEnrolStatus(answer: EnrollStatus | (() => EnrollStatus)) {
  return http.get<never, never, EnrollStatus>(`${API}/fetch-enroll-status/:studentId/:course_id`, () =>
    HttpResponse.json(typeof answer === 'function' ? answer() : answer),
  );
}

/** The mocked rating-status answer; `onCall` sees each request. */
export function answerRatingStatus(answer: RatingStatus, onCall: () => void = () => undefined) {
  return http.get<never, never, RatingStatus>(`${API}/fetch-rating-status/:student_id/:course_id`, () => {
    onCall();
    return HttpResponse.json(answer);
  });
}

export function answerChapters(chapters: Chapter[]) {
  return http.get<never, never, Chapter[]>(`${API}/course-chapters/:course_id`, () => HttpResponse.json(chapters));
}

/** A failed answer of the provider: a status with an optional msg. */
export function failure(status: number, msg?: string) {
  return HttpResponse.json(msg === undefined ? {} : { msg }, { status });
}

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
