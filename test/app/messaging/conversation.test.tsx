import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { paths, patterns } from '@/config/paths';
import { StudentInboxPage } from '@/features/messaging/InboxPage';
import { StudentLogoutPage } from '@/features/student/access/StudentLogoutPage';
import { mockDb, sentFields } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls, recordSent } from '@test/recordCalls';
import { loggedInAs, renderRoute, renderWithProviders } from '@test/render';

/**
 * The conversation page, on the student's side (/messages/4, with Amara Obi), alone on its route.
 * The fixtures: Amara wrote 'Welcome to the course!', Ada (student 7) answered 'Thank you!'.
 */
const asStudent = loggedInAs({ student: 7 });

/** Our texts for the conversation. */
const messages = {
  send: 'Send',
  keyboardHint: 'Enter sends, Shift+Enter starts a new line.',
  messageRequired: 'Please write a message.',
  messageTooLong: 'The message is too long: at most 5,000 characters.',
  refreshFailed: 'The conversation could not be refreshed; it is shown as it was.',
  newMessages: 'New messages',
  loadEarlier: 'Load earlier messages',
  earlierFailed: 'Earlier messages could not be loaded.',
};

function renderConversation() {
  return renderRoute(patterns.studentConversation, <StudentInboxPage />, { route: paths.studentConversation(4), preloadedState: asStudent });
}

async function openConversation(options: Parameters<typeof userEvent.setup>[0] = {}) {
  const view = renderConversation();
  const user = userEvent.setup(options);
  const heading = await screen.findByRole('heading', { level: 1, name: 'Amara Obi' });
  const page = within(view.container);
  const log = await page.findByRole('log', { name: 'Conversation with Amara Obi' });
  const box = page.getByRole('textbox', { name: 'Message' });
  return { ...view, user, heading, page, log, box };
}

/** Each message of the log as read: sender, time and text. */
const items = (log: HTMLElement) => within(log).getAllByRole('listitem').map((item) => item.textContent);
const endsWith = (text: string) => expect.stringMatching(new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));

function teacherWrites(text: string) {
  mockDb.messages.push({
    id: mockDb.messages.length + 1,
    teacher: 4,
    student: 7,
    msg_text: text,
    msg_from: 'teacher',
    msg_time: new Date().toISOString(),
    read: false,
  });
}

/** jsdom has no layout: give the log a 2,000 px tall content in its 500 px box, scrolled to `top`. */
function scrollLog(log: HTMLElement, top: number) {
  Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 2000 });
  Object.defineProperty(log, 'clientHeight', { configurable: true, value: 500 });
  log.scrollTop = top;
  fireEvent.scroll(log);
}

describe('the conversation page', () => {
  it("is headed with the teacher's name, shows the history oldest first signed with names and times, and sends with Send", async () => {
    const { page, log, box } = await openConversation();

    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(await within(log).findByText('Welcome to the course!')).toBeInTheDocument();
    expect(items(log)).toEqual([endsWith('Welcome to the course!'), endsWith('Thank you!')]);
    const [first, second] = within(log).getAllByRole('listitem');
    expect(first).toHaveTextContent(/^Amara Obi/);
    expect(first).not.toHaveTextContent('(teacher)');
    expect(second).toHaveTextContent(/^You/);
    expect(within(first!).getByTitle(/November 2024 at/)).toHaveAttribute('datetime', '2024-11-20T10:00:00Z');

    expect(box).toHaveAttribute('rows', '5');
    expect(page.getByText(messages.keyboardHint)).toBeInTheDocument();
    expect(page.getByText('5,000 characters left')).toBeInTheDocument();
    expect(page.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    expect(page.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(page.getByRole('button', { name: messages.send })).toBeInTheDocument();
  });

  it('shows message text as text, never as markup', async () => {
    teacherWrites('<img src=x onerror="alert(1)"><b>bold?</b>');
    const { log } = await openConversation();

    expect(await within(log).findByText('<img src=x onerror="alert(1)"><b>bold?</b>')).toBeInTheDocument();
    expect(within(log).queryByRole('img')).not.toBeInTheDocument();
  });

  it('sends as the student: green message, box cleared, the message in the history', async () => {
    const sent: Record<string, string | File>[] = [];
    mockEndpoint('sendMessage', async ({ request, params }) => {
      const fields = await sentFields(request);
      sent.push({ ...fields, ...params });
      mockDb.messages.push({ id: 50, teacher: 4, student: 7, msg_text: String(fields.msg_text), msg_from: 'student', msg_time: new Date().toISOString() });
      return { bool: 'True' as const, msg: 'Message has been sent.' };
    });
    const { user, page, log, box } = await openConversation();

    await user.click(box);
    await user.paste('Is there homework?');
    expect(page.getByText('4,982 characters left')).toBeInTheDocument();
    await user.click(page.getByRole('button', { name: messages.send }));

    const status = await page.findByRole('status');
    expect(status).toHaveTextContent('Message has been sent.');
    expect(status).toHaveStyle({ color: 'rgb(27, 110, 32)' });
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(sent).toEqual([{ msg_text: 'Is there homework?', msg_from: 'student', teacher_id: '4', student_id: '7' }]);
    await waitFor(() => expect(items(log).at(-1)).toMatch(/Is there homework\?$/));
  });

  it("keeps the draft and says why in red after the provider's refusal, a network failure and bool false", async () => {
    const { user, page, box } = await openConversation();
    await user.click(box);
    await user.paste('Please keep me');

    for (const [fail, text] of [
      [() => failEndpoint('sendMessage', 403, { msg: 'This student is not enrolled in any of your courses.', once: true }), 'This student is not enrolled in any of your courses.'],
      [() => failEndpoint('sendMessage', 'network', { once: true }), 'No response from the server. Please try again later.'],
      [() => mockEndpoint('sendMessage', () => ({ bool: 'False' as const, msg: 'Not today.' }), { once: true }), 'Not today.'],
    ] as const) {
      fail();
      await user.click(page.getByRole('button', { name: messages.send }));

      await waitFor(() => expect(page.getByRole('alert')).toHaveTextContent(text));
      expect(page.getByRole('alert')).toHaveStyle({ color: 'rgb(179, 38, 30)' });
      expect(box).toHaveValue('Please keep me');
    }
  });

  it('sends with Enter and starts a new line with Shift+Enter', async () => {
    const sent: string[] = [];
    mockEndpoint('sendMessage', async ({ request }) => {
      sent.push(String((await sentFields(request)).msg_text));
      return { bool: true, msg: 'Message has been sent.' };
    });
    const { user, page, box } = await openConversation();

    await user.type(box, 'One{Shift>}{Enter}{/Shift}two');
    expect(box).toHaveValue('One\ntwo');
    expect(sent).toEqual([]);

    await user.keyboard('{Enter}');
    expect(await page.findByRole('status')).toHaveTextContent('Message has been sent.');
    expect(sent).toEqual(['One\ntwo']);
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
  });

  it('sends nothing blank, and nothing over 5,000 characters, and counts down', async () => {
    const send = jest.fn();
    mockEndpoint('sendMessage', () => {
      send();
      return { bool: true };
    });
    const { user, page, box } = await openConversation();

    await user.type(box, '   {Enter}');
    expect(await page.findByRole('alert')).toHaveTextContent(messages.messageRequired);

    await user.clear(box);
    await user.click(box);
    await user.paste('x'.repeat(5001));
    expect(page.getByText('1 character too many')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.keyboard('{Enter}');
    expect(await page.findByRole('alert')).toHaveTextContent(messages.messageTooLong);
    expect(box).toHaveValue('x'.repeat(5001));

    await user.keyboard('{Backspace}');
    expect(page.getByText('0 characters left')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('shows a failed load with Retry, and keeps the message box', async () => {
    failEndpoint('getMessages', 500, { once: true });
    const { user, container } = renderConversation();
    const page = within(container);

    expect(await page.findByText('The server ran into a problem. Please try again in a few minutes.')).toBeInTheDocument();
    expect(page.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    await user.click(page.getByRole('button', { name: 'Retry' }));
    expect(await page.findByText('Welcome to the course!')).toBeInTheDocument();
  });
});

describe('a live conversation', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows a new message within 5 seconds, without losing the draft', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { user, log, box } = await openConversation({ advanceTimers: jest.advanceTimersByTime });
    await within(log).findByText('Thank you!');
    await user.click(box);
    await user.paste('Half-written');

    teacherWrites('Are you there?');
    await act(async () => {
      jest.advanceTimersByTime(4000);
    });
    expect(within(log).queryByText('Are you there?')).not.toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });

    expect(await within(log).findByText('Are you there?')).toBeInTheDocument();
    expect(items(log)).toEqual([endsWith('Welcome to the course!'), endsWith('Thank you!'), endsWith('Are you there?')]);
    expect(box).toHaveValue('Half-written');
  });

  it('follows the newest message when the reader is at the end', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { log } = await openConversation({ advanceTimers: jest.advanceTimersByTime });
    await within(log).findByText('Thank you!');
    scrollLog(log, 1500);

    teacherWrites('You follow me');
    await act(async () => {
      jest.advanceTimersByTime(5000);
    });

    expect(await within(log).findByText('You follow me')).toBeInTheDocument();
    expect(log.scrollTop).toBe(2000);
    expect(screen.queryByRole('button', { name: messages.newMessages })).not.toBeInTheDocument();
  });

  it("keeps a reader's place and offers 'New messages', which takes them to the end", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { log, page } = await openConversation({ advanceTimers: jest.advanceTimersByTime });
    await within(log).findByText('Thank you!');
    scrollLog(log, 200);

    teacherWrites('Scrolled-back reader');
    await act(async () => {
      jest.advanceTimersByTime(5000);
    });

    expect(await within(log).findByText('Scrolled-back reader')).toBeInTheDocument();
    expect(log.scrollTop).toBe(200);
    const jump = await page.findByRole('button', { name: messages.newMessages });

    fireEvent.click(jump);
    expect(log.scrollTop).toBe(2000);
    expect(log).toHaveFocus();
    expect(page.queryByRole('button', { name: messages.newMessages })).not.toBeInTheDocument();
  });
});

/** A long conversation: 'Message 1' (Amara's) to 'Message <count>', ids 1 to `count`, replacing the fixtures. */
function longConversation(count: number) {
  mockDb.messages = Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    teacher: 4,
    student: 7,
    msg_text: `Message ${index + 1}`,
    msg_from: index % 2 === 0 ? ('teacher' as const) : ('student' as const),
    msg_time: new Date(Date.UTC(2024, 10, 1, 8, index)).toISOString(),
  }));
}

/** jsdom has no layout: each message is 100 px tall, one under the other, in the log's list. */
function layOutMessages() {
  const offsetTop = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetTop');
  Object.defineProperty(HTMLLIElement.prototype, 'offsetTop', {
    configurable: true,
    get(this: HTMLLIElement) {
      // eslint-disable-next-line testing-library/no-node-access -- a layout stub: the item's place among its siblings
      return [...(this.parentElement?.children ?? [])].indexOf(this) * 100;
    },
  });
  return () => {
    delete (HTMLLIElement.prototype as { offsetTop?: number }).offsetTop;
    if (offsetTop) Object.defineProperty(HTMLElement.prototype, 'offsetTop', offsetTop);
  };
}

const queries = (calls: { query: Record<string, string> }[]) => calls.map((call) => call.query);

describe('a long conversation, read by parts', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it("opens on the newest 50; 'Load earlier messages' puts the 50 before them above, keeping the reader's place and the focus", async () => {
    // Time stands still unless waited for, so the 5-second poll cannot come between the parts asked for.
    jest.useFakeTimers();
    longConversation(120);
    const calls = recordCalls('getMessages');
    const restoreLayout = layOutMessages();
    try {
      const { user, log } = await openConversation({ advanceTimers: jest.advanceTimersByTime });
      expect(await within(log).findByText('Message 120')).toBeInTheDocument();
      expect(items(log)).toHaveLength(50);
      expect(items(log)[0]).toMatch(/Message 71$/);
      expect(queries(calls)).toEqual([{ limit: '50' }]);

      const earlier = within(log).getByRole('button', { name: messages.loadEarlier });
      log.scrollTop = 0;
      await user.click(earlier);
      await waitFor(() => expect(items(log)).toHaveLength(100));
      expect(items(log)[0]).toMatch(/Message 21$/);
      expect(queries(calls)).toEqual([{ limit: '50' }, { before: '71', limit: '50' }]);
      // 'Message 71', read at the top, is still where it was: 50 messages of 100 px above it.
      expect(log.scrollTop).toBe(5000);
      expect(within(log).getByRole('button', { name: messages.loadEarlier })).toHaveFocus();
      // The log announces new arrivals: the earlier messages put above are not announced, the 50 first shown still are.
      const listItems = within(log).getAllByRole('listitem');
      expect(listItems.slice(0, 50).every((item) => item.getAttribute('aria-live') === 'off')).toBe(true);
      expect(listItems.slice(50).some((item) => item.hasAttribute('aria-live'))).toBe(false);

      await user.click(within(log).getByRole('button', { name: messages.loadEarlier }));
      await waitFor(() => expect(items(log)).toHaveLength(120));
      expect(queries(calls).at(-1)).toEqual({ before: '21', limit: '50' });
      // Nothing is older (X-Total-Count): the button goes, and the focus goes to the first message.
      expect(within(log).queryByRole('button', { name: messages.loadEarlier })).not.toBeInTheDocument();
      expect(within(log).getAllByRole('listitem')[0]).toHaveFocus();
      expect(items(log)[0]).toMatch(/Message 1$/);
    } finally {
      restoreLayout();
    }
  });

  it('says when earlier messages could not be loaded, keeps the button, and loads them on the next try', async () => {
    jest.useFakeTimers();
    longConversation(80);
    const { user, log } = await openConversation({ advanceTimers: jest.advanceTimersByTime });
    await within(log).findByText('Message 80');
    failEndpoint('getMessages', 500, { once: true });

    await user.click(within(log).getByRole('button', { name: messages.loadEarlier }));
    expect(await within(log).findByRole('alert')).toHaveTextContent(messages.earlierFailed);
    expect(items(log)).toHaveLength(50);
    expect(screen.queryByText(messages.refreshFailed, { exact: false })).not.toBeInTheDocument();

    await user.click(within(log).getByRole('button', { name: messages.loadEarlier }));
    await waitFor(() => expect(items(log)).toHaveLength(80));
    expect(within(log).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks every 5 seconds only for what is newer than the newest it has, and shows a new message once', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const calls = recordCalls('getMessages');
    const marks = recordSent('markMessagesRead');
    const { log } = await openConversation({ advanceTimers: jest.advanceTimersByTime });
    await within(log).findByText('Thank you!');
    expect(within(log).queryByRole('button', { name: messages.loadEarlier })).not.toBeInTheDocument();
    await waitFor(() => expect(marks).toHaveLength(1));

    await act(async () => {
      jest.advanceTimersByTime(5000);
    });
    await waitFor(() => expect(queries(calls)).toEqual([{ limit: '50' }, { after: '2' }]));

    teacherWrites('Are you there?');
    await act(async () => {
      jest.advanceTimersByTime(5000);
    });
    expect(await within(log).findByText('Are you there?')).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(5000);
    });
    await waitFor(() => expect(queries(calls).at(-1)).toEqual({ after: '3' }));

    expect(items(log)).toEqual([endsWith('Welcome to the course!'), endsWith('Thank you!'), endsWith('Are you there?')]);
    // The newer message from Amara is marked read, once.
    await waitFor(() => expect(marks.map((call) => call.fields.reader)).toEqual(['student', 'student']));
  });

  it('shows a sent message at once, asking only for what is new', async () => {
    jest.useFakeTimers();
    const calls = recordCalls('getMessages');
    const { user, page, log, box } = await openConversation({ advanceTimers: jest.advanceTimersByTime });
    await within(log).findByText('Thank you!');

    await user.click(box);
    await user.paste('Is there homework?');
    await user.click(page.getByRole('button', { name: messages.send }));

    await waitFor(() => expect(items(log).at(-1)).toMatch(/Is there homework\?$/));
    expect(queries(calls)).toEqual([{ limit: '50' }, { after: '2' }]);
    expect(within(log).getAllByText('Is there homework?')).toHaveLength(1);
  });

  it('keeps the history with the warning when a poll fails, and goes on', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { log, page } = await openConversation({ advanceTimers: jest.advanceTimersByTime });
    await within(log).findByText('Thank you!');
    failEndpoint('getMessages', 500, { once: true });

    await act(async () => {
      jest.advanceTimersByTime(5000);
    });
    expect(await page.findByText(messages.refreshFailed, { exact: false })).toBeInTheDocument();
    expect(items(log)).toEqual([endsWith('Welcome to the course!'), endsWith('Thank you!')]);

    teacherWrites('Back again');
    await act(async () => {
      jest.advanceTimersByTime(5000);
    });
    expect(await within(log).findByText('Back again')).toBeInTheDocument();
    expect(page.queryByText(messages.refreshFailed, { exact: false })).not.toBeInTheDocument();
  });
});

describe('a conversation on a provider that answers the whole list (the original backend)', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it("shows the newest 50; 'Load earlier messages' shows the rest from memory; polls take the whole list again", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    mockDb.conversationParts = false;
    longConversation(120);
    const calls = recordCalls('getMessages');
    const { log } = await openConversation({ advanceTimers: jest.advanceTimersByTime });
    expect(await within(log).findByText('Message 120')).toBeInTheDocument();
    expect(items(log)).toHaveLength(50);
    expect(items(log)[0]).toMatch(/Message 71$/);

    fireEvent.click(within(log).getByRole('button', { name: messages.loadEarlier }));
    expect(items(log)).toHaveLength(100);
    fireEvent.click(within(log).getByRole('button', { name: messages.loadEarlier }));
    expect(items(log)).toHaveLength(120);
    expect(within(log).queryByRole('button', { name: messages.loadEarlier })).not.toBeInTheDocument();
    expect(within(log).getAllByRole('listitem')[0]).toHaveFocus();
    // Nothing was asked for the earlier ones.
    expect(queries(calls)).toEqual([{ limit: '50' }]);

    teacherWrites('Still there?');
    await act(async () => {
      jest.advanceTimersByTime(5000);
    });
    expect(await within(log).findByText('Still there?')).toBeInTheDocument();
    expect(items(log)).toHaveLength(121);
    // Known to answer the whole list: asked as without parts.
    expect(queries(calls)).toEqual([{ limit: '50' }, {}]);
  });

  it('tells by the first poll of a short conversation, and shows a new message once', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    mockDb.conversationParts = false;
    const { log } = await openConversation({ advanceTimers: jest.advanceTimersByTime });
    await within(log).findByText('Thank you!');

    teacherWrites('Are you there?');
    await act(async () => {
      jest.advanceTimersByTime(5000);
    });
    expect(await within(log).findByText('Are you there?')).toBeInTheDocument();
    expect(items(log)).toEqual([endsWith('Welcome to the course!'), endsWith('Thank you!'), endsWith('Are you there?')]);
    expect(within(log).queryByRole('button', { name: messages.loadEarlier })).not.toBeInTheDocument();
  });
});

describe('the draft of a message', () => {
  const drafts = () => Object.keys(localStorage).filter((key) => key.startsWith('draft:'));

  it('is kept on the device when the student leaves and comes Back, per conversation, and forgotten once sent', async () => {
    const { user, page, box, router } = await openConversation();
    await user.click(box);
    await user.paste('Is there homework?');

    await act(() => router.navigate(paths.studentDashboard));
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await act(() => router.navigate(-1));
    const again = await page.findByRole('textbox', { name: 'Message' });
    expect(again).toHaveValue('Is there homework?');
    expect(drafts()).toEqual(['draft:student:7:conversation:4-7']);

    await user.click(page.getByRole('button', { name: messages.send }));
    expect(await page.findByRole('status')).toHaveTextContent('Message has been sent');
    expect(again).toHaveValue('');
    expect(drafts()).toEqual([]);
  });

  // The logout is another screen, reached by navigation: both on their routes.
  it('is never shown to the next person on the device: the logout removes it', async () => {
    const { router, user } = renderWithProviders(
      <Routes>
        <Route path={patterns.studentConversation} element={<StudentInboxPage />} />
        <Route path={patterns.studentLogout} element={<StudentLogoutPage />} />
        <Route path="*" element={null} />
      </Routes>,
      { route: paths.studentConversation(4), preloadedState: asStudent },
    );
    await user.click(await screen.findByRole('textbox', { name: 'Message' }));
    await user.paste('Private thoughts');
    expect(drafts()).toHaveLength(1);

    await act(() => router.navigate(paths.studentLogout));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.studentLogin));
    await waitFor(() => expect(drafts()).toEqual([]));
  });
});
