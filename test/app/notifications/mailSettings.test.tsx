import { screen, waitFor, within } from '@testing-library/react';
import type { NotificationSettings } from '@/api';
import { patterns } from '@/config/paths';
import { TeacherProfileSettingPage } from '@/features/teacher/profile/TeacherProfileSettingPage';
import { sentFields } from '@test/handlers/mockDb';
import { mockEndpoint } from '@test/mockEndpoint';
import { answered, loggedInAs, renderRoute } from '@test/render';
import { pageLoad } from '../site/pageLoad';

/** The profile's 'Mail notifications' (issue 37 item 2), in the teacher's Profile Setting. */
describe('mail notifications in the profile', () => {
  const open = () =>
    renderRoute(patterns.teacherProfileSetting, <TeacherProfileSettingPage />, { preloadedState: loggedInAs({ teacher: 4 }) });

  it('shows a checkbox per kind of mail and saves the choices with Save', async () => {
    let sent: Record<string, unknown> | undefined;
    const settings: NotificationSettings = {
      kinds: [
        { kind: 'new_answer', mail: true },
        { kind: 'message', mail: false },
        { kind: 'enrolment_digest', mail: true },
      ],
    };
    mockEndpoint('getNotificationSettings', () => settings);
    mockEndpoint('updateNotificationSettings', async ({ request }) => {
      sent = await sentFields(request);
      return { kinds: settings.kinds.map((entry) => (entry.kind === 'new_answer' ? { ...entry, mail: false } : entry)) };
    });
    const { user } = open();

    const group = await screen.findByRole('form', { name: 'Mail notifications' }, pageLoad);
    const answers = within(group).getByRole('checkbox', { name: 'A new answer to mark' });
    expect(answers).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'A new message while I am away' })).not.toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'New enrolments in my courses (one mail a day)' })).toBeChecked();

    await user.click(answers);
    await user.click(within(group).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toEqual({ new_answer: 'false', message: 'false', enrolment_digest: 'true' }));
    expect(await screen.findByText('Your mail notifications have been saved.')).toBeInTheDocument();
  });

  it('is not there on a provider without notifications (404)', async () => {
    const { store } = open();

    await screen.findByRole('button', { name: 'Update' }, pageLoad);
    await answered(store, 'getNotificationSettings');
    expect(screen.queryByRole('form', { name: 'Mail notifications' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
