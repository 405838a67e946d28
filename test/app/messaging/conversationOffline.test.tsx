import { act, screen, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { failEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderApp } from '@test/render';
import { server } from '@test/server';

/** The fixtures: student 7 (Ada Lovelace) writes with Amara Obi (teacher 4). */
const asStudent = loggedInAs({ student: 7 });

let online = true;
beforeEach(() => {
  online = true;
  jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => jest.restoreAllMocks());

function setOnline(value: boolean) {
  act(() => {
    online = value;
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

describe('a conversation offline', () => {
  it("that the device did not keep, with an inbox it did not keep either: headed 'Conversation', and says once that it was not saved", async () => {
    setOnline(false);
    // What the service worker answers for reads it has no copy of: no answer at all.
    failEndpoint('listStudentConversations', 'network');
    failEndpoint('getMessages', 'network');
    renderApp({ route: paths.studentConversation(4), preloadedState: asStudent });

    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation' })).toBeInTheDocument();
    expect(await screen.findByText('This conversation was not saved on this device. It will show when you are back online.')).toBeInTheDocument();
    expect(screen.getAllByText(/^This conversation was not saved/)).toHaveLength(1);
    // The inbox beside it (from md up) says so of itself, in its own words.
    expect(screen.getByText('Your conversations were not saved on this device. They will show when you are back online.')).toBeInTheDocument();
    expect(screen.queryByText('No response from the server. Please try again later.', { exact: false })).not.toBeInTheDocument();
    expect(screen.queryByText('No. 4')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Connection' })).toHaveTextContent('You are offline. Showing what was saved on this device.');
    expect(document.title).toMatch(/^Conversation — Messages/);
  });

  it("headed with the other person's name where the inbox knew it, and shown once the connection is back", async () => {
    const { user } = renderApp({ route: paths.studentMessages, preloadedState: asStudent });
    const conversations = await screen.findByRole('link', { name: /Amara Obi/ });

    setOnline(false);
    failEndpoint('listStudentConversations', 'network');
    failEndpoint('getMessages', 'network');
    await user.click(conversations);

    expect(await screen.findByRole('heading', { level: 1, name: 'Amara Obi' })).toBeInTheDocument();
    expect(await screen.findByText('This conversation was not saved on this device. It will show when you are back online.')).toBeInTheDocument();
    expect(screen.queryByText('No response from the server. Please try again later.', { exact: false })).not.toBeInTheDocument();

    server.resetHandlers();
    setOnline(true);
    const main = screen.getByRole('main');
    expect(await within(main).findByText('Welcome to the course!')).toBeInTheDocument();
    expect(within(main).queryByText(/^This conversation was not saved/)).not.toBeInTheDocument();
  });
});
