/**
 * The blog is prerendered like the other public pages: /blog and one page per post, each with
 * its text in the HTML (hydration.test.tsx hydrates every prerendered page).
 */
import { setImmediate as nodeSetImmediate } from 'node:timers';
import { prerenderedPages } from '@/app/prerenderedPages';
import { renderPage } from '@/app/renderPage';
import { blogPosts } from '@/content/blogPosts';
import { blogPostTexts } from '@/content/blogPostTexts';

// Jest resolves react-dom/static to its Node build, which schedules with setImmediate (jsdom has none).
globalThis.setImmediate ??= nodeSetImmediate;

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

describe('prerendered blog pages', () => {
  it('lists /blog and every post of the blog, in the blog chunk', () => {
    const blogPages = prerenderedPages.filter((page) => page.path.startsWith('/blog'));
    expect(blogPages).toEqual([
      { path: '/blog', file: 'blog.html', chunk: 'blog' },
      ...blogPosts.map((post) => ({ path: `/blog/${post.id}`, file: `blog/${post.id}.html`, chunk: 'blog' })),
    ]);
  });

  it('writes each post with its title and whole text, and /blog with every title', async () => {
    const { html: listHtml } = await renderPage('/blog');
    for (const post of blogPosts) expect(listHtml).toContain(escaped(post.title));

    const post = blogPosts[0]!;
    const { html } = await renderPage(`/blog/${post.id}`);
    expect(html).toContain(`<h1`);
    expect(html).toContain(escaped(post.title));
    for (const paragraph of blogPostTexts[post.id]!) expect(html).toContain(escaped(paragraph));
  });
});
