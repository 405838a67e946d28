import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** How long after the navigation the title is read and announced, and how often it is tried again while the screen loads. */
const SETTLE_INTERVAL_MS = 100;
/** The longest wait for a loading screen (its h1, its skeletons) before its title is announced anyway. */
const SETTLE_MAX_WAIT_MS = 5000;

/** What the live region says; a new `id` for each navigation, so that it is announced even when the text repeats. */
export interface RouteAnnouncement {
  id: number;
  text: string;
}

/**
 * After a navigation inside the app (a link, a card, a redirect after a form or a login), moves
 * the focus to the new screen's h1 (its main landmark when it has none), so keyboard and
 * screen-reader users start on the new screen and hear where they are (WCAG 2.4.3, 4.1.3). The
 * focused h1 says the title: it is not announced again. Only when the focus ends elsewhere once
 * the screen has loaded (a screen that placed it itself, a screen without an h1) is the title
 * returned for the layout's one polite live region, so that it is still heard, once.
 *
 * Left alone: the first load and the redirects made before the person did anything (the browser
 * announces a loaded page itself), and changes of the query or hash only (filters, tabs,
 * pagination), which keep the person where they are. The focus is moved in a layout effect, so
 * a screen that places it itself on arrival (a resumed chapter) does so afterwards and wins.
 */
export function useNavigationFocus(main: RefObject<HTMLElement | null>): RouteAnnouncement | null {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  /** Whether the person has pressed a key or a pointer since the page loaded. */
  const interacted = useRef(false);
  const [announcement, setAnnouncement] = useState<RouteAnnouncement | null>(null);

  useEffect(() => {
    const markInteracted = () => {
      interacted.current = true;
    };
    document.addEventListener('keydown', markInteracted, { capture: true, once: true });
    document.addEventListener('pointerdown', markInteracted, { capture: true, once: true });
    return () => {
      document.removeEventListener('keydown', markInteracted, { capture: true });
      document.removeEventListener('pointerdown', markInteracted, { capture: true });
    };
  }, []);

  useLayoutEffect(() => {
    if (shownPath.current === pathname) return undefined;
    shownPath.current = pathname;
    const landmark = main.current;
    if (!interacted.current || landmark === null) return undefined;

    /** Focuses the screen's h1, if it is there yet. Scrolling is left to ScrollRestoration. */
    const focusHeading = () => {
      const heading = landmark.querySelector('h1');
      if (heading === null) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    // A screen still suspended (hydrating, loading code) has no h1 yet: the landmark holds the
    // focus meanwhile, and the h1 takes it when it comes, unless the person has moved it on.
    if (!focusHeading()) landmark.focus({ preventScroll: true });

    // The title is read once the screen has loaded (an h1, no skeleton left: the app's loading
    // state), so that a course page is announced by the course's name rather than a loading title.
    const started = Date.now();
    let timer = 0;
    const settle = () => {
      const waiting = Date.now() - started < SETTLE_MAX_WAIT_MS;
      const focusWaits = document.activeElement === landmark || document.activeElement === document.body;
      if (focusWaits) focusHeading();
      const loading = landmark.querySelector('h1') === null || landmark.querySelector('.MuiSkeleton-root') !== null;
      if (loading && waiting) {
        timer = window.setTimeout(settle, SETTLE_INTERVAL_MS);
        return;
      }
      const heading = landmark.querySelector('h1');
      // The focus on the h1 has said the title already: one message per navigation.
      if (heading !== null && document.activeElement === heading) {
        setAnnouncement(null);
        return;
      }
      const text = (heading?.textContent ?? document.title).trim();
      setAnnouncement((previous) => ({ id: (previous?.id ?? 0) + 1, text }));
    };
    timer = window.setTimeout(settle, SETTLE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, main]);

  return announcement;
}
