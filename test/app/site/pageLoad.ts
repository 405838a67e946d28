/**
 * For the first query of a test: the screen is a lazy route module, and its first load can
 * take longer than Testing Library's default 1 s on a busy machine.
 */
export const pageLoad = { timeout: 5000 } as const;
