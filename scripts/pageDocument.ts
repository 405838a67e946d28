/**
 * A page's HTML document: the build's shell (`dist/index.html`) with a rendered screen inside
 * `#root`. Shared by the build's prerender step (scripts/prerender.ts) and the per-request render
 * of the data pages (scripts/serve-dist.ts), so both send the same document.
 */
import { createHash } from 'node:crypto';
import { withoutShellScript } from './shellDocument';

export interface PageParts {
  /** The app's markup (what goes inside `#root`). */
  html: string;
  /** The screen's document title, if it set one. */
  title: string | null;
  /** The page's critical CSS: Emotion's `<style>` tags. */
  styleTags: string;
  /** The screen's script chunks: the boot script loads them with the entry scripts. */
  chunks?: string[];
  /**
   * The API state the page was rendered with, for the browser's store (server renders only), and
   * the id of the element that holds it (API_STATE_ELEMENT_ID).
   */
  apiState?: { state: unknown; elementId: string };
  /**
   * A student's page (decision 0041): the student it was rendered for, named on the boot element
   * and on `#root` (`data-student`), so that the boot script hides it from any other session and
   * the app renders it anew (src/app/startApp.tsx); and whether it was laid out for a narrow
   * window (`data-compact` on `#root`: the app renders it anew where the window is not); `reads`,
   * the API reads its render made (paths on the site), which the app asks again through its
   * service worker to keep them for offline use (`#student-reads`, src/offline/keepRenderedReads.ts).
   */
  student?: { id: number; compact: boolean; reads: string[] };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** React's preloads of the page's `fetchPriority="high"` images, which it writes at the top of the markup. */
const imagePreload = /<link rel="preload" as="image"[^>]*>/g;

/** The shell's entry script tags. */
const entryScriptTag = /<script\b[^>]*\bsrc="?\/([^"\s>]+\.js)"?[^>]*><\/script>/g;

/**
 * The first line of each entry script: Chrome's explicit compile hint, by which V8 compiles the
 * whole script at once (CompileHintsPlugin in webpack.config.ts; check-bundle checks it).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The entry scripts of a shell: every page loads them. */
export function initialScriptsOf(shell: string): Set<string> {
  return new Set([...shell.matchAll(entryScriptTag)].map((match) => match[1] as string));
}

/**
 * What starts a rendered page (inline, so it costs no request). Its content is in the HTML, so the
 * app's scripts are asked for only once the page has loaded (its images included) and painted:
 * they do not compete with the largest image for a phone's bandwidth, and their evaluation does
 * not hold the first paint. They are asked for at once when the visitor touches or types (or 3 s
 * after the document, should an image hang). Until the app has hydrated the page (it then removes
 * `data-prerendered` from `#root`), a form's submit is held back: the browser would otherwise send
 * its fields, a password among them, in the address.
 * Constant text, so a Content-Security-Policy allows it by its hash (`bootScriptHash`); the files
 * are in the element's `data-scripts` (the entry scripts) and `data-chunks` (the screen's), each
 * put in the head in a task of its own (all in one took 135–260 ms at 4× CPU), and run in order,
 * the screen's chunks before the last entry script, which starts the app: the screen's code is
 * there when the app asks for it, and the app inserts no script of its own to hydrate the page
 * (webpack's runtime inserted them all in one task). A script that fails to load is taken out:
 * webpack's runtime waits on a script of the same address it finds in the document, and it then
 * asks for the file again instead of waiting for its timeout. A student's page names its student
 * (`data-student`): another session in this browser does not see it.
 */
export const BOOT_SCRIPT = `(function () {
  var boot = document.currentScript;
  var started = false;
  function files(name) {
    return (boot.getAttribute(name) || '').split(' ').filter(Boolean);
  }
  function start() {
    if (started) return;
    started = true;
    var entries = files('data-scripts');
    var ordered = entries.slice(0, -1).concat(files('data-chunks'), entries.slice(-1));
    var elements = ordered.map(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      script.onerror = function () {
        if (script.parentNode) script.parentNode.removeChild(script);
      };
      return script;
    });
    (function append(index) {
      if (index === elements.length) return;
      document.head.appendChild(elements[index]);
      setTimeout(function () {
        append(index + 1);
      }, 0);
    })(0);
  }
  var student = boot.getAttribute('data-student');
  if (student) {
    var session = null;
    try {
      if (localStorage.getItem('studentLoginStatus') === 'true') session = localStorage.getItem('studentId');
    } catch (error) {}
    if (session !== student) document.documentElement.hidden = true;
  }
  function afterNextPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  if (document.readyState === 'complete') afterNextPaint();
  else addEventListener('load', afterNextPaint);
  ['pointerdown', 'keydown'].forEach(function (type) {
    addEventListener(type, start, { capture: true, once: true, passive: true });
  });
  setTimeout(start, 3000);
  document.addEventListener('submit', function (event) {
    var root = document.getElementById('root');
    if (root && root.hasAttribute('data-prerendered')) event.preventDefault();
  }, true);
})();`;

/** The CSP source that allows BOOT_SCRIPT (`script-src 'self' '<this>'`). */
export const bootScriptHash = () => `sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}`;

/** The boot element of a rendered page: BOOT_SCRIPT with the files it loads. */
function bootElement(scripts: string[], chunks: string[], student: string): string {
  const list = (files: string[]) => files.map((file) => `/${file}`).join(' ');
  return `<script data-scripts="${list(scripts)}" data-chunks="${list(chunks)}"${student}>${BOOT_SCRIPT}</script>`;
}

/** The files a rendered page's boot element loads: the entry scripts, and the screen's chunks. */
export function bootFilesOf(page: string): { scripts: string[]; chunks: string[] } {
  const element = /<script data-scripts="([^"]*)" data-chunks="([^"]*)"[^>]*>/.exec(page);
  if (!element) return { scripts: [], chunks: [] };
  const files = (list: string) => list.split(' ').filter(Boolean).map((file) => file.replace(/^\//, ''));
  return { scripts: files(element[1] as string), chunks: files(element[2] as string) };
}

/** The shell without its preload links and its script (each page says what it loads: scripts/shellDocument.ts). */
export function bareShell(shell: string): string {
  const bare = withoutShellScript(shell).replace(/<link rel="?preload"?[^>]*>/g, '');
  if (!bare.includes('<div id="root"></div>') && !bare.includes('<div id=root></div>')) {
    throw new Error('dist/index.html has no empty <div id="root"></div> to fill');
  }
  return bare;
}

/** JSON that is safe inside `<script type="application/json">`: no `</script>`, no `<!--`. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The page paints from the HTML and its critical CSS, its largest image fetched first; the boot
 * script loads the app's code after that (BOOT_SCRIPT).
 * Every part is put in as it is: a user's text (a course title, a teacher's name) with `$&`, `$'`
 * or `` $` `` in it is text, not a replacement pattern.
 */
export function pageDocument(shell: string, parts: PageParts): string {
  const bare = bareShell(shell);
  const scripts = [...initialScriptsOf(bare)];
  const chunks = (parts.chunks ?? []).filter((file) => !scripts.includes(file));
  const imagePreloads = (parts.html.match(imagePreload) ?? []).join('');
  const state = parts.apiState ? `<script type="application/json" id="${parts.apiState.elementId}">${scriptJson(parts.apiState.state)}</script>` : '';
  // The shell's own places first (its title, the end of its head), the rendered markup last, so no
  // search runs over a user's text; and every part goes in through a replacer function, so none
  // of it is read as a replacement pattern.
  const { title } = parts;
  const titled = title === null ? bare : bare.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  const head = titled.replace('</head>', () => `${parts.styleTags}</head>`);
  const firstScript = head.search(entryScriptTag);
  if (firstScript < 0) throw new Error('dist/index.html loads no entry script');
  const student = parts.student === undefined ? '' : ` data-student="${Number(parts.student.id)}"`;
  const layout = parts.student === undefined ? '' : ` data-compact="${parts.student.compact ? 1 : 0}"`;
  const reads = parts.student === undefined ? '' : `<script type="application/json" id="student-reads">${scriptJson(parts.student.reads)}</script>`;
  const withBoot = `${head.slice(0, firstScript)}${imagePreloads}${bootElement(scripts, chunks, student)}${head.slice(firstScript).replace(entryScriptTag, '')}`;
  return withBoot.replace(/<div id="?root"?><\/div>/, () => `<div id="root" data-prerendered${student}${layout}>${parts.html.replace(imagePreload, '')}</div>${state}${reads}`);
}
