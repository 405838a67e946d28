import { screen, waitFor, within } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { academy } from '@/content/academy';
import { ContactPage } from '@/features/site/ContactPage';
import { sentFields } from '@test/handlers/mockDb';
import { failEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { renderRoute } from '@test/render';
import { pageLoad } from './pageLoad';

/** The contact page's texts (ours; 'SEND MESSAGE' the spec's). */
const messages = {
  nameField: 'Name',
  emailField: 'Email',
  subjectField: 'Subject',
  messageField: 'Message',
  nameRequired: 'Please enter your name.',
  emailInvalid: 'Please enter a valid e-mail address, like name@example.com.',
  subjectRequired: 'Please enter a subject.',
  messageRequired: 'Please write your message.',
  mailPrepared: `Your e-mail program is opening with your message to ${academy.email}. Press send there to deliver it.`,
  mailFallbackLink: 'Open the prepared e-mail',
};

/** The contact page alone on its route. */
async function openContactPage() {
  const view = renderRoute(patterns.contact, <ContactPage />);
  await screen.findByRole('heading', { level: 1, name: 'Contact Us' }, pageLoad);
  return view;
}

type User = Awaited<ReturnType<typeof openContactPage>>['user'];

async function fillForm(user: User) {
  const fill = async (name: string, text: string) => {
    await user.click(screen.getByRole('textbox', { name }));
    await user.paste(text);
  };
  await fill(messages.nameField, 'Ada Lovelace');
  await fill(messages.emailField, 'ada@example.com');
  await fill(messages.subjectField, 'Group lessons');
  await fill(messages.messageField, 'Do you teach groups of five?');
}

/** The status region (among the fields' length counters) that says `text`, once it does. */
async function formStatus(text: string) {
  await screen.findByText(text, { exact: false });
  const status = screen.getAllByRole('status').find((region) => region.textContent?.includes(text));
  expect(status).toBeDefined();
  return status!;
}

describe('contact page', () => {
  it('shows the address, e-mail, phone and a map with a link to open it in a maps service', async () => {
    await openContactPage();

    expect(screen.getAllByText(academy.address).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: academy.email })).toHaveAttribute('href', `mailto:${academy.email}`);
    expect(screen.getByRole('link', { name: academy.phone })).toHaveAttribute('href', 'tel:+441614960000');
    expect(screen.getByRole('img', { name: `Map showing the academy at ${academy.address}` })).toBeInTheDocument();
    const maps = screen.getByRole('link', { name: /Open in maps/ });
    expect(maps).toHaveAttribute('target', '_blank');
    expect(new URL(maps.getAttribute('href')!).searchParams.get('query')).toBe(academy.address);
  });

  it('has labelled name, email, subject and message fields and a SEND MESSAGE button', async () => {
    await openContactPage();

    expect(screen.getByRole('textbox', { name: messages.nameField })).toBeRequired();
    expect(screen.getByRole('textbox', { name: messages.emailField })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: messages.subjectField })).toBeRequired();
    expect(screen.getByRole('textbox', { name: messages.messageField })).toBeRequired();
    expect(screen.getByRole('button', { name: 'SEND MESSAGE' })).toBeInTheDocument();
  });

  it('points out missing and invalid fields and focuses the first one', async () => {
    const { user } = await openContactPage();

    await user.click(screen.getByRole('textbox', { name: messages.emailField }));
    await user.paste('not-an-address');
    await user.click(screen.getByRole('button', { name: 'SEND MESSAGE' }));

    expect(screen.getByText(messages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(messages.subjectRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.messageRequired)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: messages.nameField })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: messages.emailField })).toHaveValue('not-an-address');
    expect(screen.queryByText(messages.mailPrepared)).not.toBeInTheDocument();
  });

  it('on a provider without the contact operation (404), opens a prepared e-mail to the academy with the subject and message, and says so', async () => {
    failEndpoint('sendContactMessage', 404, { msg: 'Not found' });
    // jsdom cannot follow a mailto: address and reports it as "not implemented": that report is the proof it was opened.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await openContactPage();

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'SEND MESSAGE' }));

    const status = await formStatus(messages.mailPrepared);
    expect(status).toHaveTextContent(messages.mailPrepared);
    const href = within(status).getByRole('link', { name: messages.mailFallbackLink }).getAttribute('href')!;
    const [address, query] = href.split('?');
    expect(address).toBe(`mailto:${academy.email}`);
    const params = new URLSearchParams(query);
    expect(params.get('subject')).toBe('Group lessons');
    expect(params.get('body')).toBe('Do you teach groups of five?\n\nAda Lovelace\nada@example.com');
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringMatching(/navigation/) }));
    expect(screen.getByRole('textbox', { name: messages.subjectField })).toHaveValue('Group lessons');
    consoleError.mockRestore();
  });

  it('sends the message through the provider and says so, emptying the form', async () => {
    const calls = recordCalls('sendContactMessage');
    const { user } = await openContactPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'SEND MESSAGE' }));

    const status = await formStatus('Your message was sent. We answer within two working days, by e-mail.');
    expect(calls).toHaveLength(1);
    expect(await sentFields(calls[0]!.request)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Group lessons',
      message: 'Do you teach groups of five?',
    });
    expect(screen.getByRole('textbox', { name: messages.subjectField })).toHaveValue('');
    expect(within(status).queryByText(messages.mailPrepared)).not.toBeInTheDocument();
  });

  it("puts a provider's refusal under its field, focused, and keeps what was typed", async () => {
    failEndpoint('sendContactMessage', 400, { msg: 'Please enter your subject.' });
    const { user } = await openContactPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'SEND MESSAGE' }));

    const subject = screen.getByRole('textbox', { name: messages.subjectField });
    await waitFor(() => expect(subject).toHaveFocus());
    expect(subject).toHaveAccessibleDescription('Please enter your subject.');
    expect(subject).toHaveValue('Group lessons');
    expect(screen.getByRole('textbox', { name: messages.messageField })).toHaveValue('Do you teach groups of five?');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the message could not be sent, and keeps it', async () => {
    failEndpoint('sendContactMessage', 500);
    const { user } = await openContactPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'SEND MESSAGE' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/server/i);
    expect(screen.getByRole('textbox', { name: messages.messageField })).toHaveValue('Do you teach groups of five?');
  });
});
