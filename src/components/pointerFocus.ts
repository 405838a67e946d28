/**
 * Focus moved by the app (a new chapter's heading after the player's automatic Next) that shows
 * its ring to keyboard users only. Browsers decide `:focus-visible` for such a move from what came
 * before, and after a tap, or with nothing focused, Chromium draws the ring: here the last input
 * decides. The focus moves either way, so that screen readers say where the person is. Loaded with
 * the screen that uses it (not in the first download): until then, a focused element showing its
 * ring counts as a key pressed.
 */

/** Marks an element focused by the app after a pointer (or no input yet): the theme draws no ring on it (src/app/theme.ts). */
export const POINTER_FOCUS_ATTRIBUTE = 'data-pointer-focus';

let lastInput: 'keyboard' | 'pointer' | null = null;

function keyPressed(event: KeyboardEvent) {
  // A shortcut to leave the window (Alt+Tab, ⌘+Tab) is not using the page with keys.
  if (event.metaKey || event.altKey || event.ctrlKey) return;
  lastInput = 'keyboard';
  // A key pressed on a quietly focused element: from now on its ring shows, as the browser's would.
  if (document.activeElement instanceof HTMLElement) document.activeElement.removeAttribute(POINTER_FOCUS_ATTRIBUTE);
}

function pointerDown() {
  lastInput = 'pointer';
}

if (typeof document !== 'undefined') {
  if (document.activeElement?.matches(':focus-visible')) lastInput = 'keyboard';
  document.addEventListener('keydown', keyPressed, true);
  document.addEventListener('pointerdown', pointerDown, true);
}

/**
 * Moves the focus to `element` (a heading with `tabIndex={-1}`, say); unless the person's last
 * input was a key, without a focus ring: `focusVisible: false` where the browser takes it, and
 * `data-pointer-focus` (until the element loses the focus) where it does not.
 */
export function focusWithRingForKeys(element: HTMLElement, options: FocusOptions = {}): void {
  if (lastInput === 'keyboard') {
    element.removeAttribute(POINTER_FOCUS_ATTRIBUTE);
    element.focus(options);
    return;
  }
  element.setAttribute(POINTER_FOCUS_ATTRIBUTE, '');
  element.addEventListener('blur', () => element.removeAttribute(POINTER_FOCUS_ATTRIBUTE), { once: true });
  element.focus({ ...options, focusVisible: false });
}
