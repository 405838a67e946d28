import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { recordSent } from '@test/recordCalls';
import { loggedInAs, renderApp } from '@test/render';
import { goOffline, goOnline, keptChanges, withOutboxKit } from '@test/app/offline/outboxTestKit';

withOutboxKit();

describe('the message composer offline', () => {
  it('says a message cannot be sent offline, sends nothing, keeps the text, and sends it once back online', async () => {
    const sent = recordSent('sendMessage');
    const { user } = renderApp({ route: paths.studentConversation(4), preloadedState: loggedInAs({ student: 7 }) });
    const page = await screen.findByRole('main');
    const box = await within(page).findByRole('textbox', { name: 'Message' });
    await user.type(box, 'Is there homework?');

    goOffline();

    const note = await within(page).findByRole('status');
    expect(note).toHaveTextContent('You are offline: a message cannot be sent until you are back online. What you typed stays here.');
    const send = within(page).getByRole('button', { name: 'Send' });
    expect(send).toHaveAttribute('aria-disabled', 'true');
    expect(send).toHaveAccessibleDescription('You are offline: a message cannot be sent until you are back online. What you typed stays here.');
    await user.click(send);
    await user.type(box, '{Enter}');

    expect(box).toHaveValue('Is there homework?');
    expect(box).toHaveFocus();
    expect(box).toHaveAccessibleDescription(expect.stringContaining('You are offline: a message cannot be sent until you are back online. What you typed stays here.'));
    expect(sent).toEqual([]);
    // A message is never kept to be sent later.
    expect(await keptChanges()).toEqual([]);

    goOnline();

    expect(within(page).queryByText('You are offline: a message cannot be sent until you are back online. What you typed stays here.')).not.toBeInTheDocument();
    await user.click(within(page).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent.map((call) => call.fields.msg_text)).toEqual(['Is there homework?']));
  });
});
