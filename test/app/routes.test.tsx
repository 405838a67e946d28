import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API } from '@test/handlers';
import { loggedInAs, renderApp } from '@test/render';
import { server } from '@test/server';

const publicRoutes = [
  '/',
  '/about',
  '/contact',
  '/course',
  '/detail/1',
  '/teacher-detail/4',
  '/category/yoruba',
  '/all-courses',
  '/all-popular-courses',
  '/all-teachers',
  '/student-register',
  '/teacher-register',
  '/terms_and_conditions',
  '/payment_policy',
  '/privacy',
  '/cookies',
  '/refund',
  '/intellectual_property',
];
const studentGuestRoutes = ['/student-login', '/student-forgot-password', '/verify-student/7', '/student-change-forgotten-password/7'];
const teacherGuestRoutes = ['/teacher-login', '/teacher-forgot-password', '/verify-teacher/4', '/teacher-change-forgotten-password/4'];
const studentAreaRoutes = ['/student-dashboard', '/my-courses', '/favorite-courses', '/recommended-courses', '/profile-setting', '/my-assignments/', '/my-teachers'];
const teacherAreaRoutes = [
  '/teacher-change-password',
  '/teacher-dashboard',
  '/teacher-profile-setting',
  '/teacher-courses',
  '/add-course',
  '/edit-course/1',
  '/add-chapter/1',
  '/edit-chapter/11',
  '/course-chapters/1',
  '/enrolled-students/1',
  '/view-student/7',
  '/my-students',
  '/add-assignment/7/4',
  '/show-assignment/7/4',
];

type Visitor = 'visitor' | 'student' | 'teacher';
const sessions = {
  visitor: loggedInAs({}),
  student: loggedInAs({ student: 7 }),
  teacher: loggedInAs({ teacher: 4 }),
};

function expectedPath(route: string, who: Visitor): string {
  if (studentAreaRoutes.includes(route) && who !== 'student') return '/student-login';
  if (teacherAreaRoutes.includes(route) && who !== 'teacher') return '/teacher-login';
  if (studentGuestRoutes.includes(route) && who === 'student') return '/student-dashboard';
  if (teacherGuestRoutes.includes(route) && who === 'teacher') return '/teacher-dashboard';
  return route;
}

const allRoutes = [...publicRoutes, ...studentGuestRoutes, ...teacherGuestRoutes, ...studentAreaRoutes, ...teacherAreaRoutes];
const cases = (['visitor', 'student', 'teacher'] as const).flatMap((who) =>
  allRoutes.map((route) => [route, who, expectedPath(route, who)] as const),
);

describe('routes', () => {
  it.each(cases)('%s for a %s ends at %s with its screen inside header and footer', async (route, who, expected) => {
    const { router } = renderApp({ route, preloadedState: sessions[who] });
    await waitFor(() => expect(router.state.location.pathname).toBe(expected));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it.each([
    ['/student-logout', 'student', '/student-login'],
    ['/teacher-logout', 'teacher', '/teacher-login'],
  ] as const)('%s ends the %s session on the provider, logs out here and opens %s', async (route, who, expected) => {
    const endedSessions: string[] = [];
    server.use(
      http.post(`${API}/${who}-logout/`, () => {
        endedSessions.push(who);
        return HttpResponse.json({ bool: true, msg: 'You have been logged out.' });
      }),
    );
    const { router, store } = renderApp({ route, preloadedState: sessions[who] });
    await waitFor(() => expect(router.state.location.pathname).toBe(expected));
    expect(endedSessions).toEqual([who]);
    expect(store.getState()[who]).toEqual({ loggedIn: false, id: null });
  });

  it('logs out here even when the provider cannot be reached', async () => {
    server.use(http.post(`${API}/student-logout/`, () => HttpResponse.error()));
    const { router, store } = renderApp({ route: '/student-logout', preloadedState: sessions.student });
    await waitFor(() => expect(router.state.location.pathname).toBe('/student-login'));
    expect(store.getState().student).toEqual({ loggedIn: false, id: null });
  });

  it('keeps the other side logged in when one side logs out', async () => {
    const { router, store } = renderApp({ route: '/student-logout', preloadedState: loggedInAs({ student: 7, teacher: 4 }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/student-login'));
    expect(store.getState().teacher).toEqual({ loggedIn: true, id: 4 });
  });

  it('shows a not-found page with a way home for an unknown path', async () => {
    renderApp({ route: '/no-such-page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });
});
