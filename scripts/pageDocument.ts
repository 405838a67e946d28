/**
 * A page's HTML document: the build's shell (`dist/index.html`) with a rendered screen inside
 * `#root`. Shared by the build's prerender step (scripts/prerender.ts) and the per-request render
 * of the data pages (scripts/serve-dist.ts), so both send the same document.
 */

export interface PageParts {
  /** The app's markup (what goes inside `#root`). */
  html: string;
  /** The screen's document title, if it set one. */
  title: string | null;
  /** The page's critical CSS: Emotion's `<style>` tags. */
  styleTags: string;
  /** The screen's script chunks to preload at low priority (hydrating needs them, painting does not). */
  chunks?: string[];
  /**
   * The API state the page was rendered with, for the browser's store (server renders only), and
   * the id of the element that holds it (API_STATE_ELEMENT_ID).
   */
  apiState?: { state: unknown; elementId: string };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** React's preloads of the page's `fetchPriority="high"` images, which it writes at the top of the markup. */
const imagePreload = /<link rel="preload" as="image"[^>]*>/g;

/** The entry scripts of a shell: every page loads them. */
export function initialScriptsOf(shell: string): Set<string> {
  return new Set([...shell.matchAll(/<script[^>]+src="?\/([^"\s>]+\.js)/g)].map((match) => match[1] as string));
}

/** Preload links for `files` that the shell does not already load. */
export function preloadLinks(files: string[], initialScripts: Set<string>, priority: 'high' | 'low' | 'auto' = 'auto'): string {
  const fetchPriority = priority === 'auto' ? '' : ` fetchpriority="${priority}"`;
  return files
    .filter((file) => !initialScripts.has(file))
    .map((file) => `<link rel="preload" as="script" href="/${file}"${fetchPriority}>`)
    .join('');
}

/** The shell without its preload links (each page says what it preloads). */
export function bareShell(shell: string): string {
  const bare = shell.replace(/<link rel="?preload"?[^>]*>/g, '');
  if (!bare.includes('<div id="root"></div>') && !bare.includes('<div id=root></div>')) {
    throw new Error('dist/index.html has no empty <div id="root"></div> to fill');
  }
  return bare;
}

/** JSON that is safe inside `<script type="application/json">`: no `</script>`, no `<!--`. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The page paints from the HTML: its largest image is fetched first, before the scripts, and the
 * screen's code (needed to hydrate, not to paint) after them, at low priority.
 */
export function pageDocument(shell: string, parts: PageParts): string {
  const bare = bareShell(shell);
  const imagePreloads = (parts.html.match(imagePreload) ?? []).join('');
  const preloads = preloadLinks(parts.chunks ?? [], initialScriptsOf(bare), 'low');
  const state = parts.apiState ? `<script type="application/json" id="${parts.apiState.elementId}">${scriptJson(parts.apiState.state)}</script>` : '';
  let document = bare
    .replace(/<div id="?root"?><\/div>/, () => `<div id="root" data-prerendered>${parts.html.replace(imagePreload, '')}</div>${state}`)
    .replace(/<script/, `${imagePreloads}<script`)
    .replace('</head>', `${preloads}${parts.styleTags}</head>`);
  if (parts.title !== null) document = document.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(parts.title)}</title>`);
  return document;
}
