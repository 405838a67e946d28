/** How long toasts stay on screen (spec, section 9 "Timings"). */

/** 'Data has been updated', 'Chapter updated successfully', 'Assignment has been added'… */
export const SUCCESS_TOAST_MS = 3000;
/** The result of an upload: a course or chapter added, an upload cancelled or failed. */
export const RESULT_TOAST_MS = 5000;
/** The answer to a rating. */
export const RATING_TOAST_MS = 5000;
