import { screen, waitFor, within } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { AdminPage } from '@/features/admin/AdminPage';
import { mockAdminCode, mockDb } from '@test/handlers/mockDb';
import { failEndpoint } from '@test/mockEndpoint';
import { recordSent } from '@test/recordCalls';
import { enter, renderRoute } from '@test/render';

/** The admin area's texts (ours: the specification has no admin area), and the spec's fault text. */
const messages = {
  email: 'E-mail address',
  code: 'Code from the e-mail',
  codeSent: 'If this address belongs to an admin of the academy, we have sent a login code to it.',
  wrongCode: 'The code is wrong or has expired. Please check the latest code we sent to your e-mail.',
  noResponse: 'No response from the server. Please try again later.',
  teachers: 'Teachers waiting for approval',
  noTeachers: 'No teacher is waiting for approval.',
  unsupported: 'This provider does not offer an admin area.',
};

/** /admin on its route; `signedIn`: the mocked provider holds an admin session. */
function openAdmin({ signedIn = false } = {}) {
  if (signedIn) mockDb.adminEmail = 'boss@academy.example';
  return renderRoute(patterns.admin, <AdminPage />);
}

const pageLoad = { timeout: 5000 } as const;

describe('the admin area', () => {
  it('signs an admin in with the mailed code, keeping what was typed when a call fails', async () => {
    const { user } = openAdmin();
    const email = await screen.findByRole('textbox', { name: messages.email }, pageLoad);
    await enter(user, email, 'boss@academy.example');

    failEndpoint('adminLogin', 'network', { once: true });
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(messages.noResponse)).toBeInTheDocument();
    expect(email).toHaveValue('boss@academy.example');

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(messages.codeSent)).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: messages.code });
    expect(code).toHaveFocus();
    await enter(user, code, '111111');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(messages.wrongCode)).toBeInTheDocument();
    expect(code).toHaveValue('111111');

    const sent = recordSent('verifyAdmin');
    await user.clear(code);
    await enter(user, code, mockAdminCode);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Signed in as boss@academy.example')).toBeInTheDocument();
    expect(sent.map((call) => call.fields)).toEqual([{ email: 'boss@academy.example', code: mockAdminCode }]);
    expect(screen.getByRole('heading', { level: 2, name: messages.teachers })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('textbox', { name: messages.email })).toBeInTheDocument();
  });

  it('approves a teacher, and declines one only once the dialog is confirmed; the list follows each decision', async () => {
    const { user } = openAdmin({ signedIn: true });
    // The section itself (while the dialog is open, the page behind it is hidden from roles).
    const region = await screen.findByRole('region', { name: messages.teachers }, pageLoad);
    const queue = () => region;
    await within(region).findByText('Kojo Asante');

    await user.click(within(queue()).getByRole('button', { name: 'Approve Kojo Asante' }));
    await waitFor(() => expect(within(queue()).queryByText('Kojo Asante')).not.toBeInTheDocument());
    // The focus moves to the row now in its place.
    await waitFor(() => expect(within(queue()).getByRole('button', { name: 'Approve Efua Owusu' })).toHaveFocus());

    await user.click(within(queue()).getByRole('button', { name: 'Decline Efua Owusu' }));
    const dialog = await screen.findByRole('dialog', { name: "Decline Efua Owusu's application?" });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(queue()).getByText('Efua Owusu')).toBeInTheDocument();

    await user.click(within(queue()).getByRole('button', { name: 'Decline Efua Owusu' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Decline' }));
    expect(await within(queue()).findByText(messages.noTeachers)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: messages.teachers })).toHaveFocus());
    expect(mockDb.pendingTeachers).toEqual([]);
  });

  it('adds a category, keeps a refused name in its field, and renames one in a dialog', async () => {
    const { user } = openAdmin({ signedIn: true });
    const categories = await screen.findByRole('region', { name: 'Categories' }, pageLoad);
    await within(categories).findByText('Yoruba');
    const field = within(categories).getByRole('textbox', { name: 'New category' });

    await enter(user, field, 'french');
    await user.click(within(categories).getByRole('button', { name: 'Add' }));
    expect(await within(categories).findByText('There is a category called french already.')).toBeInTheDocument();
    expect(field).toHaveValue('french');

    await user.clear(field);
    await enter(user, field, 'Swahili');
    await user.click(within(categories).getByRole('button', { name: 'Add' }));
    expect(await within(categories).findByText('Swahili')).toBeInTheDocument();
    expect(field).toHaveValue('');

    await user.click(within(categories).getByRole('button', { name: 'Rename Swahili' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Swahili' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await enter(user, name, 'Kiswahili');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(categories).findByText('Kiswahili')).toBeInTheDocument();
    expect(within(categories).queryByText('Swahili')).not.toBeInTheDocument();
  });

  it('says so on a provider without the admin area', async () => {
    failEndpoint('getAdminSession', 404);
    failEndpoint('adminLogin', 404);
    openAdmin();
    expect(await screen.findByText(messages.unsupported, { exact: false }, pageLoad)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: messages.email })).not.toBeInTheDocument();
  });
});
