import { screen, within } from '@testing-library/react';
import { blogPosts } from '@/content/blogPosts';
import { blogPostTexts } from '@/content/blogPostTexts';
import { sentFields } from '@test/handlers/mockDb';
import { failEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { renderApp } from '@test/render';
import { pageLoad } from './pageLoad';

async function openPage(route: string, title: string) {
  const view = renderApp({ route });
  await screen.findByRole('heading', { level: 1, name: title }, pageLoad);
  return view;
}

describe('/blog', () => {
  it('lists the five posts, each title opening its post', async () => {
    const { user } = await openPage('/blog', 'Blog');

    const posts = within(screen.getByRole('main')).getAllByRole('article');
    expect(posts).toHaveLength(5);
    blogPosts.forEach((post, index) => {
      const heading = within(posts[index]!).getByRole('heading', { level: 2, name: post.title });
      expect(within(heading).getByRole('link')).toHaveAttribute('href', `/blog/${post.id}`);
    });

    await user.click(within(posts[2]!).getByRole('link', { name: blogPosts[2]!.title }));
    expect(await screen.findByRole('heading', { level: 1, name: blogPosts[2]!.title }, pageLoad)).toBeInTheDocument();
  });
});

describe('/blog/{id}', () => {
  it('shows the post: title, author, date and its whole text, and the way back to every post', async () => {
    const post = blogPosts[2]!;
    await openPage(`/blog/${post.id}`, post.title);

    const main = screen.getByRole('main');
    expect(within(main).getByText(`By ${post.authorName}`, { exact: false })).toHaveTextContent('28 October 2024');
    expect(within(main).getByText(post.desc)).toBeInTheDocument();
    const paragraphs = blogPostTexts[post.id]!;
    expect(paragraphs.length).toBeGreaterThan(2);
    for (const paragraph of paragraphs) expect(within(main).getByText(paragraph)).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'All posts' })).toHaveAttribute('href', '/blog');
  });

  it('has a text for every post', () => {
    for (const post of blogPosts) expect(blogPostTexts[post.id]?.length).toBeGreaterThan(0);
  });

  it('says so for an unknown post', async () => {
    await openPage('/blog/99', 'Post not found');

    expect(within(screen.getByRole('main')).getByRole('link', { name: 'All posts' })).toHaveAttribute('href', '/blog');
  });
});

describe('footer', () => {
  async function footer() {
    const view = await openPage('/about', 'About Us');
    const contentinfo = await screen.findByRole('contentinfo', {}, pageLoad);
    await within(contentinfo).findByRole('button', { name: 'Subscribe' }, pageLoad);
    return { ...view, footer: contentinfo };
  }

  it('links its three recent posts, titles cut to 40 characters, and the blog', async () => {
    const { footer: contentinfo } = await footer();

    const post = blogPosts[0]!;
    const link = within(contentinfo).getByRole('link', { name: 'Ten everyday Yoruba greetings and when t…' });
    expect(link).toHaveAttribute('href', `/blog/${post.id}`);
    expect(within(contentinfo).queryByRole('link', { name: new RegExp(blogPosts[3]!.title.slice(0, 20)) })).not.toBeInTheDocument();
    expect(within(contentinfo).getByRole('link', { name: 'All posts' })).toHaveAttribute('href', '/blog');
  });

  it('subscribes through the provider and says so', async () => {
    const calls = recordCalls('subscribeNewsletter');
    const { user, footer: contentinfo } = await footer();

    await user.type(within(contentinfo).getByRole('textbox', { name: 'Your e-mail' }), 'reader@example.org');
    await user.click(within(contentinfo).getByRole('button', { name: 'Subscribe' }));

    const said = await within(contentinfo).findByText('Thank you, you are subscribed. A confirmation is on its way to reader@example.org.');
    expect(said).toHaveAttribute('aria-live', 'polite');
    expect(await sentFields(calls[0]!.request)).toEqual({ email: 'reader@example.org' });
    expect(within(contentinfo).getByRole('textbox', { name: 'Your e-mail' })).toHaveValue('');
  });

  it('says what is wrong with an address under the field, keeps it and sends nothing', async () => {
    const calls = recordCalls('subscribeNewsletter');
    const { user, footer: contentinfo } = await footer();

    const input = within(contentinfo).getByRole('textbox', { name: 'Your e-mail' });
    await user.type(input, 'reader');
    await user.click(within(contentinfo).getByRole('button', { name: 'Subscribe' }));

    expect(input).toHaveAccessibleDescription('Please enter a valid e-mail address, like name@example.com.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    expect(input).toHaveValue('reader');
    expect(calls).toHaveLength(0);
  });

  it('on a provider without subscriptions (404), prepares an e-mail to the academy and says so', async () => {
    failEndpoint('subscribeNewsletter', 404, { msg: 'Not found' });
    // jsdom cannot follow a mailto: address and reports it as "not implemented".
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, footer: contentinfo } = await footer();

    await user.type(within(contentinfo).getByRole('textbox', { name: 'Your e-mail' }), 'reader@example.org');
    await user.click(within(contentinfo).getByRole('button', { name: 'Subscribe' }));

    const said = await within(contentinfo).findByText((_, element) => element?.textContent?.startsWith('Your e-mail program is opening with a subscription request to hello@languageacademy.example. Press send there to subscribe.') ?? false);
    expect(said).toHaveAttribute('aria-live', 'polite');
    expect(said).toHaveTextContent('Nothing opened? Write to hello@languageacademy.example and ask to subscribe.');
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringMatching(/navigation/) }));
    consoleError.mockRestore();
  });
});
