import type { LearnerLevel } from '@/api';

/** The texts of the first minute (issue 39, item 4): 'What will you learn?', Start here and the dashboard's next step. */
export const startMessages = {
  goalsTitle: 'What will you learn?',
  goalsIntro: 'Pick the languages you want to learn and your level. We use them to suggest where to start.',
  languagesLabel: 'Languages to learn',
  levelLabel: 'Your level',
  saveGoals: 'Save',
  saveAndContinue: 'Continue',
  skip: 'Skip for now',
  goalsSaved: 'Your learning goals have been saved.',
  goalsKeptHere: 'Saved on this device.',
  goalsFailed: 'Failed to get your learning goals',
  categoriesFailed: 'Failed to get the languages',

  startTitle: 'Start here',
  loadingStart: 'Loading your first steps',
  startIntro: 'Courses picked for you. Play a free preview or start the first chapter.',
  yourGoals: (languages: string, level: string) => `You chose ${languages}, ${level}.`,
  noGoals: 'Tell us what you want to learn and we will pick courses for you.',
  changeGoals: 'Change your choices',
  because: (topic: string) => `Because you chose ${topic}`,
  becauseInterest: (topic: string) => `Because you are interested in ${topic}`,
  popularHeading: 'Popular with students',
  noMatches: 'No course matches these choices yet.',
  coursesFailed: 'Failed to get the courses',
  playPreview: 'Play the free preview',
  startFirstChapter: 'Start the first chapter',
  openCourse: 'Open the course',
  browseAll: 'Browse all courses',
  forLevel: (level: string) => `Level: ${level}`,

  nextStepTitle: 'Your first step',
  nextStepText: 'You have not joined a course yet. Start here to find a course for your language and level, or browse the catalogue.',
  startHereLink: 'Start here',
} as const;

/** Each level a student may choose, with one line describing it (CEFR, plus 'Not sure'). */
export const learnerLevelChoices: readonly { value: LearnerLevel; name: string; line: string }[] = [
  { value: 'A1', name: 'A1', line: "I'm just starting" },
  { value: 'A2', name: 'A2', line: 'I can use simple, everyday phrases' },
  { value: 'B1', name: 'B1', line: 'I can get by on familiar topics' },
  { value: 'B2', name: 'B2', line: 'I can talk with ease on most topics' },
  { value: 'C1', name: 'C1', line: 'I express myself fluently and precisely' },
  { value: 'C2', name: 'C2', line: 'I understand almost everything I hear and read' },
  { value: 'unsure', name: 'Not sure', line: 'Show me courses of every level' },
];

/** How a chosen level reads in a sentence ('A1', 'level not sure'). */
export function learnerLevelName(level: LearnerLevel | null): string {
  if (level === null || level === 'unsure') return 'any level';
  return level;
}
