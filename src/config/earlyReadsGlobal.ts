/**
 * Where the shell's inline script (scripts/shellDocument.ts) leaves the reads it started for a
 * logged-in student's first screen (src/app/earlyReadRoutes.ts): absolute URL -> when it was
 * sent (`at`, `Date.now()`) and the answer's promise (`response`).
 */
export const EARLY_READS_GLOBAL = '__academyEarlyReads';

