import type { Course, CourseLevel, LearnerLevel, LearningGoals } from '@/api';

const cefr: readonly CourseLevel[] = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];

/** Why a list of courses is shown: a language the student chose, or an interest ticked at sign-up. */
export interface StartTopic {
  topic: string;
  reason: 'language' | 'interest';
}

/** The languages chosen first, then the interests not among them, each once (case aside). */
export function startTopics(goals: Pick<LearningGoals, 'learning_languages' | 'interests'>): StartTopic[] {
  const seen = new Set<string>();
  const topics: StartTopic[] = [];
  const add = (topic: string, reason: StartTopic['reason']) => {
    const key = topic.trim().toLowerCase();
    if (key === '' || seen.has(key)) return;
    seen.add(key);
    topics.push({ topic: topic.trim(), reason });
  };
  for (const language of goals.learning_languages) add(language, 'language');
  for (const interest of goals.interests) add(interest, 'interest');
  return topics;
}

/**
 * The courses of a topic that suit the level, in the order given (the provider's best rated
 * first), then: the same level, then 'all levels', then one level below, then courses whose level
 * the provider does not say (a provider without levels). Other levels are left out. Without a
 * level (none chosen, or 'Not sure') every course suits.
 */
export function suitedCourses(courses: readonly Course[], level: LearnerLevel | null): Course[] {
  if (level === null || level === 'unsure') return [...courses];
  const below = cefr[cefr.indexOf(level) - 1];
  const rank = (course: Course): number => {
    if (course.level === level) return 0;
    if (course.level === 'all') return 1;
    if (below !== undefined && course.level === below) return 2;
    if (course.level === undefined || course.level === null) return 3;
    return -1;
  };
  return courses
    .map((course, index) => ({ course, index, rank: rank(course) }))
    .filter((row) => row.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((row) => row.course);
}

/** The first free preview chapter with a video the caller may play, if any. */
export function firstPreview(course: Course): { title?: string; video: string } | null {
  const chapter = course.course_chapters.find((entry) => entry.is_preview === true && entry.video !== null);
  return chapter && chapter.video !== null ? { title: chapter.title, video: chapter.video } : null;
}
