import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { FromState } from '@/features/session/guards';
import { pendingEnrolIntent } from './enrolIntent';

/**
 * For the student login and code-check pages: when a visitor set out to enrol in a course (within
 * the hour, enrolIntent) and nothing else says where to go after logging in, the page's history
 * entry is given that course as its `from`, so the guest-only guard brings the student back to
 * the course, where the enrolment goes on. The way through registration (register, then the code)
 * loses router state; this picks it up again from sessionStorage. Without such a course,
 * `fallback` (the code page's 'What will you learn?') is where the login goes, if given.
 */
export function useReturnToEnrolment(fallback?: string): void {
  const location = useLocation();
  const navigate = useNavigate();
  const from = (location.state as FromState | null)?.from;
  useEffect(() => {
    if (from !== undefined) return;
    const courseId = pendingEnrolIntent();
    const to = courseId === null ? fallback : paths.courseDetail(courseId);
    if (to === undefined) return;
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: { from: to } satisfies FromState });
  }, [fallback, from, location.pathname, location.search, navigate]);
}
