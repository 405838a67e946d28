/** The lesson player's and the certificate page's texts ('No Video' is the spec's, section 8). */
export const learningMessages = {
  /** The document title of a chapter: its title, then the course's. */
  documentTitle: (chapter: string, course: string) => `${chapter} – ${course}`,
  loadingPlayer: 'Loading the lesson',
  playerTitle: 'Lesson',
  courseLoadFailed: 'The course could not be loaded.',
  chaptersFailed: 'The chapters could not be loaded.',
  enrolStatusFailed: 'Your enrolment status could not be loaded.',
  notFoundTitle: 'Chapter not found',
  notFoundText: 'There is no such chapter in this course. It may have been removed, or the link may be mistyped.',
  browseCourses: 'Browse all courses',
  notEnrolledTitle: 'You are not enrolled in this course',
  notEnrolledText: 'Its chapters are for the students enrolled in it. Enrol on the course page to watch them.',
  openCoursePage: 'Open the course page',
  noChapters: 'No chapters found for this course.',

  noVideo: 'No Video',
  previous: 'Previous',
  next: 'Next',
  /** The name of the Previous and Next links: the visible word first (WCAG 2.5.3), then the chapter. */
  previousNamed: (title: string) => `Previous: ${title}`,
  nextNamed: (title: string) => `Next: ${title}`,
  chapterNavLabel: 'Previous and next chapter',
  chaptersHeading: 'Chapters',
  chapterListLabel: (course: string) => `Chapters of ${course}`,
  watched: 'Watched',
  notWatched: 'Not watched',
  chapterNumber: (index: number, total: number) => `Chapter ${index} of ${total}`,
  remarksHeading: 'Remarks',
  /** A chapter's exercises (extension: issue 38). */
  practice: 'Practice',
  practiceNamed: (chapter: string, count: number) => `Practice: ${chapter}, ${count === 1 ? '1 exercise' : `${count} exercises`}`,

  nextCountdown: (title: string, seconds: number) => `Next: ${title} in ${seconds}…`,
  nextOffer: (title: string) => `Next: ${title}`,
  nextAnnouncement: (title: string, seconds: number | null) =>
    seconds === null ? `Next: ${title}. Press Play now to go on.` : `Next: ${title} in ${seconds} seconds. Press Cancel to stay.`,
  playNow: 'Play now',
  cancel: 'Cancel',
  countdownCancelled: 'Staying on this chapter',

  shortcutsHeading: 'Keyboard shortcuts',
  shortcuts: [
    ['Space', 'Play or pause'],
    ['← / →', 'Back or forward 5 seconds'],
    ['N', 'Next chapter'],
    ['P', 'Previous chapter'],
  ] as const,
  playing: 'Playing',
  paused: 'Paused',
  forward: 'Forward 5 seconds',
  back: 'Back 5 seconds',

  finishedTitle: (course: string) => `You finished ${course}`,
  finishedOn: (date: string) => `Finished on ${date}`,
  rateAsk: 'How was it? Your rating helps other students choose.',
  certificateLink: 'Your certificate',
  certificateLinkNamed: (course: string) => `Your certificate for ${course}`,

  certificateTitle: 'Certificate of completion',
  certificateLoading: 'Loading the certificate',
  certificateFailed: 'The certificate could not be checked.',
  certificateGenuine: (academy: string) => `This certificate is genuine: it matches ${academy}'s records.`,
  certifies: 'This certifies that',
  completed: 'has completed the course',
  taughtBy: (teacher: string) => `taught by ${teacher}`,
  /** On the certificate of a course with exercises (issue 38). */
  practisedExercises: 'and practised all its exercises',
  completedOn: (date: string) => `on ${date}`,
  codeLabel: 'Certificate code',
  verifyLabel: 'Verify at',
  print: 'Print or save as PDF',
  noCertificateTitle: 'No certificate has this code',
  noCertificateText:
    'The academy has issued no certificate with this code. Check that the address was copied in full: the code is the 12 letters and digits at its end.',
  goHome: 'Go to the home page',
} as const;
