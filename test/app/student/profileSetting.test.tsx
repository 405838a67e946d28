import { screen, waitFor, within } from '@testing-library/react';
import { errorMessages } from '@/api';
import { paths } from '@/config/paths';
import { studentAreaMessages as messages } from '@/features/student/area/messages';
import { mockDb, sentFields } from '@test/handlers/mockDb';
import { failEndpoint, holdEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderApp } from '@test/render';

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(30_000);

const asStudent = loggedInAs({ student: 7 });

/** Records each profile form sent, answering with the mocked provider's default (stateful) update. */
function recordUpdates() {
  const sent: Record<string, string | File>[] = [];
  mockEndpoint('updateStudent', async ({ request, params }) => {
    const fields = await sentFields(request);
    sent.push(fields);
    const student = mockDb.students.find((item) => item.id === Number(params.id))!;
    Object.assign(student, fields);
    return student;
  });
  return sent;
}

async function openProfile() {
  const view = renderApp({ route: paths.profileSetting, preloadedState: asStudent });
  await screen.findByRole('heading', { level: 1, name: messages.profileSettingTitle });
  const fullName = await screen.findByRole('textbox', { name: messages.fullNameLabel });
  return {
    ...view,
    fullName,
    email: screen.getByRole('textbox', { name: messages.emailLabel }),
    username: screen.getByRole('textbox', { name: messages.usernameLabel }),
    interests: screen.getByRole('group', { name: messages.interestsLabel }),
  };
}

const update = () => screen.getByRole('button', { name: messages.updateButton });

describe('profile setting', () => {
  it('shows the student’s data, and the categories as choices with the current interests ticked', async () => {
    const { fullName, email, username, interests } = await openProfile();

    expect(fullName).toHaveValue('Ada Lovelace');
    expect(email).toHaveValue('student@academy.test');
    expect(username).toHaveValue('ada');
    expect(interests).toHaveAccessibleDescription(messages.interestsHint);
    await within(interests).findAllByRole('checkbox');
    const choices = within(interests).getAllByRole('checkbox');
    expect(choices).toHaveLength(3);
    expect(within(interests).getByRole('checkbox', { name: 'Spanish' })).not.toBeChecked();
    expect(within(interests).getByRole('checkbox', { name: 'French' })).not.toBeChecked();
    expect(within(interests).getByRole('checkbox', { name: 'Yoruba' })).toBeChecked();
  });

  it('shows a skeleton while the data loads', async () => {
    holdEndpoint('getStudent');
    renderApp({ route: paths.profileSetting, preloadedState: asStudent });

    expect(await screen.findByRole('status', { name: messages.loadingProfile })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("says 'Failed to get student data' and reads it again on Retry", async () => {
    failEndpoint('getStudent', 500, { once: true });
    const { user } = renderApp({ route: paths.profileSetting, preloadedState: asStudent });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.studentFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('textbox', { name: messages.fullNameLabel })).toHaveValue('Ada Lovelace');
  });

  it("saves the changes, says 'Data has been updated', and the dashboard greets the new name", async () => {
    const sent = recordUpdates();
    const { user, fullName, interests } = await openProfile();

    await user.clear(fullName);
    await user.type(fullName, 'Ada King');
    await user.click(await within(interests).findByRole('checkbox', { name: 'French' }));
    await user.click(update());

    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
    expect(sent).toEqual([
      { full_name: 'Ada King', email: 'student@academy.test', username: 'ada', interested_categories: 'Yoruba, French' },
    ]);
    expect(fullName).toHaveValue('Ada King');

    await user.click(within(screen.getByRole('navigation', { name: messages.areaNavLabel })).getByRole('link', { name: messages.dashboardLink }));
    expect(await screen.findByText(messages.greeting('Ada King'))).toBeInTheDocument();
  });

  it('refreshes a greeting already read', async () => {
    recordUpdates();
    const { user } = renderApp({ route: paths.studentDashboard, preloadedState: asStudent });
    expect(await screen.findByText(messages.greeting('Ada Lovelace'))).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: messages.areaNavLabel });

    await user.click(within(sidebar).getByRole('link', { name: messages.profileSettingLink }));
    const fullName = await screen.findByRole('textbox', { name: messages.fullNameLabel });
    await user.clear(fullName);
    await user.type(fullName, 'Augusta Ada King');
    await user.click(update());
    await screen.findByText(messages.profileUpdated);
    await user.click(within(sidebar).getByRole('link', { name: messages.dashboardLink }));

    expect(await screen.findByText(messages.greeting('Augusta Ada King'))).toBeInTheDocument();
  });

  it('leaves the interests out while they are untouched, so the provider keeps its text', async () => {
    const sent = recordUpdates();
    const { user } = await openProfile();

    await user.click(update());

    await screen.findByText(messages.profileUpdated);
    expect(sent).toEqual([{ full_name: 'Ada Lovelace', email: 'student@academy.test', username: 'ada' }]);
  });

  it('keeps interests that are no category, and drops them when unticked', async () => {
    mockDb.students[0]!.interested_categories = 'yoruba, Igbo';
    const sent = recordUpdates();
    const { user, interests } = await openProfile();

    expect(await within(interests).findByRole('checkbox', { name: 'Yoruba' })).toBeChecked();
    const igbo = within(interests).getByRole('checkbox', { name: 'Igbo' });
    expect(igbo).toBeChecked();
    await user.click(within(interests).getByRole('checkbox', { name: 'Spanish' }));
    await user.click(igbo);
    await user.click(update());

    await screen.findByText(messages.profileUpdated);
    expect(sent[0]?.interested_categories).toBe('Yoruba, Spanish');
  });

  it.each([
    ['email', 'An account with this e-mail address already exists.', messages.emailLabel],
    ['username', 'This username is already taken.', messages.usernameLabel],
  ])("shows the provider's message under the %s field it concerns and keeps the values", async (_field, msg, label) => {
    failEndpoint('updateStudent', 400, { msg });
    const { user, fullName, email, username } = await openProfile();

    await user.clear(email);
    await user.type(email, 'taken@academy.test');
    await user.clear(username);
    await user.type(username, 'taken');
    await user.click(update());

    const field = screen.getByRole('textbox', { name: label });
    await waitFor(() => expect(field).toHaveAccessibleDescription(msg));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(fullName).toHaveValue('Ada Lovelace');
    expect(email).toHaveValue('taken@academy.test');
    expect(username).toHaveValue('taken');
    expect(screen.queryByText(messages.profileUpdated)).not.toBeInTheDocument();
    expect(screen.getAllByText(msg)).toHaveLength(1);
  });

  it('puts the messages of a DRF field map under their fields', async () => {
    mockEndpoint('updateStudent', { status: 400, body: { username: ['A user with that username already exists.'] } });
    const { user, username, email } = await openProfile();

    await user.click(update());

    await waitFor(() => expect(username).toHaveAccessibleDescription('A user with that username already exists.'));
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("says a DRF map's non_field_errors under the form beside its field messages", async () => {
    mockEndpoint('updateStudent', {
      status: 400,
      body: { username: ['A user with that username already exists.'], non_field_errors: ['Profiles cannot be changed during an exam.'] },
    });
    const { user, username } = await openProfile();

    await user.click(update());

    await waitFor(() => expect(username).toHaveAccessibleDescription('A user with that username already exists.'));
    expect(username).toHaveFocus();
    expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent('Profiles cannot be changed during an exam.');
  });

  it.each<[string, () => void, string]>([
    ['a refusal about no field', () => failEndpoint('updateStudent', 400, { msg: 'Profiles are locked today.' }), 'Profiles are locked today.'],
    ['a server failure', () => failEndpoint('updateStudent', 500), errorMessages.server],
    ['a network failure', () => failEndpoint('updateStudent', 'network'), errorMessages.network],
  ])('says what went wrong under the form on %s', async (_case, fail, text) => {
    fail();
    const { user, fullName } = await openProfile();

    await user.type(fullName, ' Byron');
    await user.click(update());

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(fullName).toHaveValue('Ada Lovelace Byron');
  });

  it('checks the fields before sending and says what is missing under each', async () => {
    const sent = recordUpdates();
    const { user, fullName, email, username } = await openProfile();

    await user.clear(fullName);
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.clear(username);
    await user.click(update());

    expect(fullName).toHaveAccessibleDescription(messages.fullNameRequired);
    expect(email).toHaveAccessibleDescription(messages.emailInvalid);
    expect(username).toHaveAccessibleDescription(messages.usernameRequired);
    expect(fullName).toHaveFocus();
    expect(sent).toEqual([]);

    await user.type(fullName, 'Ada');
    expect(fullName).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('still saves the other fields when the categories cannot be read', async () => {
    failEndpoint('listCategories', 500);
    const sent = recordUpdates();
    const { user, interests } = await openProfile();

    expect(await within(interests).findByRole('alert')).toHaveTextContent(messages.categoriesFailed);
    await user.click(update());

    await screen.findByText(messages.profileUpdated);
    expect(sent).toEqual([{ full_name: 'Ada Lovelace', email: 'student@academy.test', username: 'ada' }]);
  });
});
