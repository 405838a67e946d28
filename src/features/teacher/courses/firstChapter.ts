/**
 * What Add Course hands the new course's Add Chapter page (router state): it opens as 'Add the
 * first chapter', saying the course is a draft when the provider made it one.
 */
export interface FirstChapterState {
  firstChapter: true;
  /** The provider created the course as a draft (extension); false where every course is published at once. */
  draft: boolean;
}

/** The router state of Add Chapter, if Add Course sent the teacher there. */
export function firstChapterState(state: unknown): FirstChapterState | null {
  if (typeof state !== 'object' || state === null || !('firstChapter' in state) || state.firstChapter !== true) return null;
  return { firstChapter: true, draft: 'draft' in state && state.draft === true };
}
