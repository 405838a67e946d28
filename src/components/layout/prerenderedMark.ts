import { type RefObject, useEffect } from 'react';

/**
 * Set on `#root` by the prerender step: the markup inside is the page, to hydrate. Until it is
 * removed, the page's boot script holds forms back (scripts/pageDocument.ts): the browser would
 * otherwise send their fields, a password among them, in the address.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Removes the mark once the screen inside `RootLayout`'s Suspense boundary has hydrated: React
 * hydrates that boundary after the frame around it, and until then the screen's form is server
 * HTML that a click cannot submit through the app. Rendered after the screen, inside the boundary.
 */
export function ScreenHydrated({ main }: { main: RefObject<HTMLElement | null> }) {
  useEffect(() => {
    main.current?.closest(`[${PRERENDERED_ATTRIBUTE}]`)?.removeAttribute(PRERENDERED_ATTRIBUTE);
  }, [main]);
  return null;
}
