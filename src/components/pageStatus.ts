import { createContext } from 'react';

/**
 * Receives the HTTP status a screen asks for while a page is rendered on the server (404 when
 * what the address names does not exist), so the server answers with it. The app itself renders
 * without one.
 */
export const PageStatusSink = createContext<((status: number) => void) | null>(null);
