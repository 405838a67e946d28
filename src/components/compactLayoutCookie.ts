/**
 * The cookie in which the app tells the render server whether its window is narrow (`1`) or not
 * (`0`), so that a student's page rendered with their session (decision 0041) is laid out as the
 * browser will lay it out (src/components/useCompactLayout.ts). A module of its own: the server
 * reads it without loading the app.
 */
export const COMPACT_LAYOUT_COOKIE = 'academy_compact';
