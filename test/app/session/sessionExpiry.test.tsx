import { screen, waitFor } from '@testing-library/react';
import { failEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderApp } from '@test/render';

describe('a session the provider has ended', () => {
  it('logs the student out when a student-only call answers 401, and says so', async () => {
    failEndpoint('fetchEnrollStatus', 401, { msg: 'Please log in.' });
    const { store } = renderApp({ route: '/detail/1', preloadedState: loggedInAs({ student: 7, teacher: 4 }) });

    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(store.getState().student).toEqual({ loggedIn: false, id: null });
    expect(store.getState().teacher).toEqual({ loggedIn: true, id: 4 });
    // Still a teacher: the course page says that students enrol.
    expect(await screen.findByText('Students enrol in courses: log in with a student account to enrol.')).toBeInTheDocument();
  });

  it('keeps the session when a call that needs no session answers 401', async () => {
    failEndpoint('listCourses', 401, { msg: 'Nope.' });
    const { store } = renderApp({ route: '/all-courses', preloadedState: loggedInAs({ student: 7 }) });

    await waitFor(() => expect(screen.getAllByRole('alert').length).toBeGreaterThan(0));
    expect(store.getState().student).toEqual({ loggedIn: true, id: 7 });
    expect(screen.queryByText('Your session has expired. Please log in again.')).not.toBeInTheDocument();
  });
});
