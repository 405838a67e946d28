import { Suspense, type ReactNode } from 'react';

/**
 * A part of a prerendered page that hydrates after the rest, in a commit of its own: React keeps a
 * Suspense boundary's server HTML as it is and hydrates it in a later pass at low priority, one
 * pass per level of boundaries. Nest them to cut a long page's hydration into several short tasks
 * instead of one long one. Only for parts without a form (the page's forms must work once the
 * screen is marked hydrated: `ScreenHydrated`). Elsewhere nothing suspends inside: no fallback shows.
 */
export function HydratedLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
