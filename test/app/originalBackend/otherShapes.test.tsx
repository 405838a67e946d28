/**
 * Other answers of the original backend: `msg_time` as "2026-11-22 19:10", `verify-student`
 * failures without `msg`, `fetch-enroll-status` without `rated`. (A `teacher/{id}` without
 * `skills` is in bareIds.test.tsx.)
 */
import { screen } from '@testing-library/react';
import { api, toIsoTime } from '@/api';
import { makeStore } from '@/app/store';
import type { MockReply } from '@test/handlers/endpoint';
import { mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderApp } from '@test/render';

type User = ReturnType<typeof renderApp>['user'];

describe('msg_time without seconds or zone', () => {
  it.each([
    ['"2026-11-22 19:10", read as UTC', '2026-11-22 19:10', '2026-11-22T19:10:00.000Z'],
    ['with seconds', '2026-11-22 19:10:05', '2026-11-22T19:10:05.000Z'],
    ['an ISO time with a zone, kept', '2026-11-22T19:10:00+01:00', '2026-11-22T19:10:00+01:00'],
    ['an ISO time in UTC, kept', '2024-11-20T10:00:00Z', '2024-11-20T10:00:00Z'],
    ['something unreadable, kept', 'yesterday', 'yesterday'],
  ])('%s', (_case, sent, iso) => {
    expect(toIsoTime(sent)).toBe(iso);
  });

  it('reaches the store as an ISO string, so the messaging screens format it as they do any other', async () => {
    mockEndpoint('getMessages', () => [
      { msg_text: 'Welcome!', msg_from: 'teacher' as const, msg_time: '2026-11-22 19:10' },
      { id: 2, msg_text: 'Thanks', msg_from: 'student' as const, msg_time: '2026-11-22T19:12:30Z' },
    ]);
    const { messages } = await makeStore().dispatch(api.endpoints.getMessages.initiate({ teacherId: 4, studentId: 7 })).unwrap();

    expect(messages.map((message) => message.msg_time)).toEqual(['2026-11-22T19:10:00.000Z', '2026-11-22T19:12:30Z']);
  });
});

describe('verify-student answers without msg', () => {
  async function submitCode(user: User) {
    await user.type(await screen.findByRole('textbox', { name: 'Enter 6 Digit OTP' }, { timeout: 5000 }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
  }

  it.each<[string, MockReply<'verifyStudent'>, string]>([
    ['{"bool": false}', { status: 200, body: { bool: false } }, 'The code could not be checked. Please try again.'],
    ['{"bool": "False"}', { status: 200, body: { bool: 'False' } }, 'The code could not be checked. Please try again.'],
    ['a 400 with a field map', { status: 400, body: { otp_digit: ['A valid integer is required.'] } }, 'Please check the code.'],
    ['a 404 {detail}', { status: 404, body: { detail: 'Not found.' } }, 'Not found.'],
  ])('keeps the page and says the code was not accepted on %s', async (_case, answer, text) => {
    mockEndpoint('verifyStudent', answer);
    const { user, router } = renderApp({ route: '/verify-student/7' });

    await submitCode(user);

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-student/7');
  });
});

describe('fetch-enroll-status without rated', () => {
  it.each([
    ['"True"', 'True', true],
    ['"False"', 'False', false],
  ] as const)('asks fetch-rating-status, which answers %s', async (_case, bool, rated) => {
    mockEndpoint('fetchEnrollStatus', () => ({ bool: 'True' as const }));
    mockEndpoint('fetchRatingStatus', () => ({ bool }));
    const ratingCalls = recordCalls('fetchRatingStatus');
    renderApp({ route: '/detail/1', preloadedState: loggedInAs({ student: 7 }) });

    expect(await screen.findByText('You are already enrolled in this course', {}, { timeout: 5000 })).toBeInTheDocument();
    if (rated) expect(await screen.findByText('You already rated this course')).toBeInTheDocument();
    else expect(await screen.findByRole('button', { name: 'Rating' })).toBeInTheDocument();
    expect(ratingCalls.map((call) => call.params)).toEqual([{ student_id: '7', course_id: '1' }]);
  });
});
