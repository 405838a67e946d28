/**
 * The accessible names of the actions repeated on every row of the teacher's tables: the visible
 * words first (voice control says what it sees, WCAG 2.5.3), then the row's subject, so that a
 * screen reader's list of buttons and links tells ten 'Edit' buttons apart (WCAG 2.4.6, 4.1.2).
 */
export const rowActionNames = {
  editCourse: (title: string) => `Edit course ${title}`,
  addChapterTo: (title: string) => `Add Chapter to ${title}`,
  deleteCourse: (title: string) => `Delete course ${title}`,
  publishCourse: (title: string) => `Publish ${title}`,
  unpublishCourse: (title: string) => `Unpublish ${title}`,
  /** The enrolled count's link: '1 student enrolled in Spanish Basics', '3 students enrolled in …'. */
  enrolledIn: (count: number, title: string) => `${count} ${count === 1 ? 'student' : 'students'} enrolled in ${title}`,
  /** The course's cover in its row. */
  courseImage: (title: string) => `Cover of ${title}`,
  /** The Image cell of a course without a cover, which would otherwise be an empty cell. */
  noImage: 'No image',
} as const;
