/**
 * The document of a prerendered or server-rendered page (scripts/pageDocument.ts): what it loads,
 * and what its boot script does in the browser (here jsdom, which runs inline scripts but fetches
 * nothing).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { BOOT_SCRIPT, bootFilesOf, bootScriptHash, pageDocument } from '../../../scripts/pageDocument';

/** A shell as webpack writes it (minified attributes), with the public chunks' preloads. */
const shell =
  '<!doctype html><html lang=en><head><meta charset=utf-8><title>Language Academy</title>' +
  '<script defer src=/js/runtime.1.js></script><script defer src=/js/666.2.js></script><script defer src=/js/main.3.js></script>' +
  '<link rel="preload" as="script" href="/js/762.4.chunk.js"></head><body><div id=root></div></body></html>';

const page = (extra: Partial<Parameters<typeof pageDocument>[1]> = {}) =>
  pageDocument(shell, {
    html: '<link rel="preload" as="image" href="/media/spanish.svg" fetchPriority="high"/><main><h1>Spanish for travellers</h1></main>',
    title: 'Spanish for travellers',
    styleTags: '<style data-emotion="css abc">.css-abc{color:red}</style>',
    chunks: ['js/762.4.chunk.js', 'js/public.5.chunk.js'],
    ...extra,
  });

describe('a rendered page document', () => {
  it('loads the entry scripts and the screen chunks through its boot script only', () => {
    const document = page();
    expect(document).not.toMatch(/<script[^>]*\bsrc=/);
    expect(document).not.toMatch(/<link rel="?preload"? as="?script/);
    expect(bootFilesOf(document)).toEqual({
      scripts: ['js/runtime.1.js', 'js/666.2.js', 'js/main.3.js'],
      chunks: ['js/762.4.chunk.js', 'js/public.5.chunk.js'],
    });
  });

  it('asks for its largest image before anything else, and paints from its markup and critical CSS', () => {
    const document = page();
    const imagePreload = document.indexOf('<link rel="preload" as="image" href="/media/spanish.svg"');
    expect(imagePreload).toBeGreaterThan(0);
    expect(imagePreload).toBeLessThan(document.indexOf('<script'));
    expect(document).toContain('<div id="root" data-prerendered><main><h1>Spanish for travellers</h1></main></div>');
    expect(document).toContain('<style data-emotion="css abc">.css-abc{color:red}</style></head>');
    expect(document).toContain('<title>Spanish for travellers</title>');
  });

  it('sends the API state as inert JSON that cannot close its element', () => {
    const document = page({ apiState: { state: { title: '</script><script>alert(1)</script>' }, elementId: 'api-state' } });
    expect(document).toContain('<script type="application/json" id="api-state">{"title":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script>');
  });

  it('is allowed by the Content-Security-Policy docs/deployment.md gives for nginx', () => {
    const readme = readFileSync(path.resolve(__dirname, '../../../docs/deployment.md'), 'utf8');
    const policy = /add_header Content-Security-Policy "([^"]+)"/.exec(readme)?.[1] ?? '';
    expect(policy).toMatch(new RegExp(`script-src [^;]*'${bootScriptHash().replace(/[+/]/g, '\\$&')}'`));
  });
});

describe('the boot script in the browser', () => {
  beforeAll(() => {
    document.body.innerHTML =
      '<div id="root" data-prerendered><main><form aria-label="Login"><input name="password" value="secret"><button>Login</button></form></main></div>';
    const boot = document.createElement('script');
    boot.setAttribute('data-scripts', '/js/runtime.1.js /js/666.2.js /js/main.3.js');
    boot.setAttribute('data-chunks', '/js/762.4.chunk.js /js/public.5.chunk.js');
    boot.textContent = BOOT_SCRIPT;
    document.head.appendChild(boot);
  });

  const submit = () => {
    const event = new Event('submit', { bubbles: true, cancelable: true });
    screen.getByRole('form', { name: 'Login' }).dispatchEvent(event);
    return event;
  };

  it('holds a form back until the app has hydrated the page, so its fields never go into the address', () => {
    expect(submit().defaultPrevented).toBe(true);
    // eslint-disable-next-line testing-library/no-node-access -- what the app does once it has hydrated the page
    document.getElementById('root')?.removeAttribute('data-prerendered');
    expect(submit().defaultPrevented).toBe(false);
  });

  it("loads the scripts once the page has loaded and painted, in order, the screen's chunks before the script that starts the app", async () => {
    // eslint-disable-next-line testing-library/no-node-access -- what the boot script adds to the head
    const loaded = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[src]')];
    await waitFor(() =>
      expect(loaded().map((script) => script.getAttribute('src'))).toEqual([
        '/js/runtime.1.js',
        '/js/666.2.js',
        '/js/762.4.chunk.js',
        '/js/public.5.chunk.js',
        '/js/main.3.js',
      ]),
    );
    expect(loaded().every((script) => !script.async)).toBe(true);
    window.dispatchEvent(new Event('pointerdown'));
    expect(loaded()).toHaveLength(5);
  });

  it('takes out a script that failed to load, so that the app asks for its file again', async () => {
    // eslint-disable-next-line testing-library/no-node-access -- what the boot script added to the head
    const chunk = () => document.head.querySelector('script[src="/js/public.5.chunk.js"]');
    await waitFor(() => expect(chunk()).not.toBeNull());
    chunk()?.dispatchEvent(new Event('error'));
    expect(chunk()).toBeNull();
    // eslint-disable-next-line testing-library/no-node-access -- as above
    expect(document.head.querySelectorAll('script[src]')).toHaveLength(4);
  });

  it('lets webpack take out a failed script itself first, without an error', () => {
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      errors.push(event.error);
      event.preventDefault();
    };
    window.addEventListener('error', onError);
    // eslint-disable-next-line testing-library/no-node-access -- what the boot script added to the head
    const chunk = document.head.querySelector('script[src="/js/762.4.chunk.js"]');
    // webpack's runtime, waiting on the script, removes it and then calls the handler it replaced.
    chunk?.remove();
    chunk?.dispatchEvent(new Event('error'));
    window.removeEventListener('error', onError);
    expect(chunk).not.toBeNull();
    expect(errors).toEqual([]);
  });
});
