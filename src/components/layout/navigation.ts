import { env } from '@/config/env';
import { paths } from '@/config/paths';

/** Which sides are logged in, as the header is told by the app (shared code reads no session). */
export interface SignedIn {
  student: boolean;
  teacher: boolean;
}

export const signedOut: SignedIn = { student: false, teacher: false };

/**
 * The header's entries (spec section 2.1). 'Teacher' and 'Students' lead to their login pages,
 * or to the dashboard of a side that is logged in (a deviation listed in docs/deviations.md).
 */
export function mainNavigation(signedIn: SignedIn = signedOut) {
  return [
    { label: 'Home', to: paths.home },
    { label: 'All Courses', to: paths.course },
    { label: 'About Us', to: paths.about },
    { label: 'Teacher', to: signedIn.teacher ? paths.teacherDashboard : paths.teacherLogin },
    { label: 'Students', to: signedIn.student ? paths.studentDashboard : paths.studentLogin },
    { label: 'Contact', to: paths.contact },
  ] as const;
}

export const exploreLinks = [
  { label: 'All Courses', to: paths.course },
  { label: 'Browse Courses', to: paths.allCourses },
  { label: 'Popular Courses', to: paths.allPopularCourses },
  { label: 'Our Teachers', to: paths.allTeachers },
  { label: 'About Us', to: paths.about },
  { label: 'Contact', to: paths.contact },
] as const;

export const policyLinks = [
  { label: 'Terms and Conditions', to: paths.termsAndConditions },
  { label: 'Payment Policy', to: paths.paymentPolicy },
  { label: 'Privacy Policy', to: paths.privacy },
  { label: 'Cookie Policy', to: paths.cookies },
  { label: 'Refund Policy', to: paths.refund },
  { label: 'Intellectual Property', to: paths.intellectualProperty },
] as const;

/**
 * 'APPLY AS A TEACHER': the external application form when one is configured; otherwise the
 * teacher registration page (the local provider approves its teachers at once).
 */
export const applyAsTeacher = env.teacherApplicationUrl
  ? { href: env.teacherApplicationUrl, external: true }
  : { href: paths.teacherRegister, external: false };
