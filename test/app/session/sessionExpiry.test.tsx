import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { SESSION_ENDED_MESSAGE } from '@/features/session/sessionExpiry';
import { API } from '@test/handlers';
import { loggedInAs, renderApp } from '@test/render';
import { server } from '@test/server';

describe('a session the provider has ended', () => {
  it('logs the student out when a student-only call answers 401, and says so', async () => {
    server.use(
      http.get(`${API}/fetch-enroll-status/:studentId/:course_id`, () =>
        HttpResponse.json({ msg: 'Please log in.' }, { status: 401 }),
      ),
    );
    const { store } = renderApp({ route: '/detail/1', preloadedState: loggedInAs({ student: 7, teacher: 4 }) });

    expect(await screen.findByText(SESSION_ENDED_MESSAGE)).toBeInTheDocument();
    expect(store.getState().student).toEqual({ loggedIn: false, id: null });
    expect(store.getState().teacher).toEqual({ loggedIn: true, id: 4 });
    expect(await screen.findByRole('link', { name: 'Please login to enroll in this course' })).toBeInTheDocument();
  });

  it('keeps the session when a call that needs no session answers 401', async () => {
    server.use(http.get(`${API}/course/`, () => HttpResponse.json({ msg: 'Nope.' }, { status: 401 })));
    const { store } = renderApp({ route: '/all-courses', preloadedState: loggedInAs({ student: 7 }) });

    await waitFor(() => expect(screen.getAllByRole('alert').length).toBeGreaterThan(0));
    expect(store.getState().student).toEqual({ loggedIn: true, id: 7 });
    expect(screen.queryByText(SESSION_ENDED_MESSAGE)).not.toBeInTheDocument();
  });
});
