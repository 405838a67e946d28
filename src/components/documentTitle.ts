import { createContext } from 'react';

/**
 * Receives each screen's document title while a page is prerendered, where effects (and so
 * `useDocumentTitle`'s) do not run. The app itself renders without one.
 */
export const DocumentTitleSink = createContext<((title: string) => void) | null>(null);
