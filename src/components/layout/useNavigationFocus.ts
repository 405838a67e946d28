import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** How long after the navigation the title is read and announced (a loading screen may name itself meanwhile). */
const ANNOUNCE_DELAY_MS = 100;

/** What the live region says; a new `id` for each navigation, so that it is announced even when the text repeats. */
export interface RouteAnnouncement {
  id: number;
  text: string;
}

/**
 * After a navigation inside the app (a link, a card, a redirect after a form or a login), moves
 * the focus to the new screen's h1 (its main landmark when it has none) and returns the screen's
 * title for the layout's one polite live region, so keyboard and screen-reader users start on
 * the new screen and hear where they are (WCAG 2.4.3, 4.1.3).
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

    const heading = landmark.querySelector('h1');
    const target = heading ?? landmark;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    // Scrolling is left to ScrollRestoration (top of a new screen, the old place on Back).
    target.focus({ preventScroll: true });

    const timer = window.setTimeout(() => {
      const text = (landmark.querySelector('h1')?.textContent ?? document.title).trim();
      setAnnouncement((previous) => ({ id: (previous?.id ?? 0) + 1, text }));
    }, ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, main]);

  return announcement;
}
