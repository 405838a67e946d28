/**
 * What each endpoint answers once normalised: the normaliser its answer goes through
 * (normalise.ts, listing.ts) and the result type screens see. index.ts hands `answerTransforms`
 * to `enhanceEndpoints` with `NormalisedDefinitions`, so the hooks are typed by this table.
 */
import type { DefinitionsFromApi, OverrideResultType, ResultTypeFrom } from '@reduxjs/toolkit/query/react';
import type { authoringGeneratedApi } from './authoringGenerated';
import type { generatedApi, Assignment as RawAssignment, Course as RawCourse, Teacher as RawTeacher } from './generated';
import type { ConversationMessages } from './conversationParts';
import { filterCourses, loadSearchRule, pageOf, totalCount, type Paged } from './listing';
import {
  normaliseAssignment,
  normaliseAssignments,
  normaliseBools,
  normaliseChapter,
  normaliseChapters,
  normaliseConversations,
  normaliseCourse,
  normaliseCourses,
  normaliseEnrolledCourses,
  normaliseFavoriteCourses,
  normaliseMyTeachers,
  normaliseRecommendedCourses,
  normaliseTeacher,
  type Assignment,
  type Chapter,
  type Course,
  type EnrolledCourse,
  type FavoriteCourse,
  type MyTeacher,
  type Normalised,
  type RecommendedCourses,
  type Teacher,
} from './normalise';

type Definitions = DefinitionsFromApi<typeof generatedApi>;
type Override<Name extends keyof Definitions, Result> = OverrideResultType<Definitions[Name], Result>;

/**
 * The endpoints whose `bool` (and `rated`) the provider may send as "True"/"False". The one list:
 * their result types and their transforms are both built from it, and a name that is not an
 * endpoint fails the type check.
 */
export const boolAnswerEndpoints = [
  'fetchEnrollStatus',
  'fetchRatingStatus',
  'studentLogin',
  'teacherLogin',
  'studentLogout',
  'teacherLogout',
  'verifyStudent',
  'verifyTeacher',
  'resendStudentCode',
  'resendTeacherCode',
  'studentForgotPassword',
  'teacherForgotPassword',
  'changeStudentForgottenPassword',
  'changeTeacherForgottenPassword',
  'changeTeacherPassword',
  'sendMessage',
  'sendGroupMessage',
  'sendGroupMessageFromStudent',
  'changeStudentPassword',
  'startStudentEmailChange',
  'startTeacherEmailChange',
  'removeFavoriteCourse',
  'fetchFavoriteStatus',
] as const satisfies readonly (keyof Definitions)[];

type BoolAnswerEndpoint = (typeof boolAnswerEndpoints)[number];

/** The endpoints whose answer becomes an entity of normalise.ts (or a page of them), and what it becomes. */
interface EntityAnswers {
  listCourses: Paged<Course>;
  getCourse: Course;
  listTeacherCourses: Course[];
  listTeachers: Paged<Teacher>;
  getTeacher: Teacher;
  fetchMyTeachers: MyTeacher[];
  fetchEnrolledCourses: EnrolledCourse[];
  listCourseChapters: Chapter[];
  listMyAssignments: Assignment[];
  listStudentAssignments: Assignment[];
  getAssignment: Assignment;
  answerAssignment: Assignment;
  giveAssignmentFeedback: Assignment;
  listTeacherAnswers: Paged<Assignment>;
  fetchFavoriteCourses: FavoriteCourse[];
  listRecommendedCourses: RecommendedCourses;
}

/** The generated endpoint definitions with the result types of the normalised answers. */
/** The endpoints read by parts into one cache entry (conversationParts.ts, no transform), and what the entry holds. */
interface GatheredAnswers {
  getMessages: ConversationMessages;
}

export type NormalisedDefinitions = Omit<Definitions, BoolAnswerEndpoint | keyof EntityAnswers | keyof GatheredAnswers> & {
  [Name in BoolAnswerEndpoint]: Override<Name, Normalised<ResultTypeFrom<Definitions[Name]>>>;
} & { [Name in keyof EntityAnswers]: Override<Name, EntityAnswers[Name]> } & {
  [Name in keyof GatheredAnswers]: Override<Name, GatheredAnswers[Name]>;
};

type Transform<Name extends keyof NormalisedDefinitions> = Required<Pick<NormalisedDefinitions[Name], 'transformResponse'>>;

/**
 * Every entity answer and every bool answer has its transform (a missing one fails the type
 * check); other endpoints may have one that keeps their type.
 */
type AnswerTransforms = { [Name in keyof EntityAnswers | BoolAnswerEndpoint]: Transform<Name> } & {
  [Name in keyof NormalisedDefinitions]?: Transform<Name>;
};

const boolAnswers = Object.fromEntries(boolAnswerEndpoints.map((name) => [name, { transformResponse: normaliseBools }])) as Record<
  BoolAnswerEndpoint,
  { transformResponse: typeof normaliseBools }
>;

export const answerTransforms: AnswerTransforms = {
  ...boolAnswers,
  listCourses: {
    transformResponse: async (courses: RawCourse[], meta, arg) => {
      const matchesSearch = arg.search?.trim() ? await loadSearchRule() : undefined;
      return pageOf(filterCourses(normaliseCourses(courses), arg, matchesSearch), totalCount(meta), arg);
    },
  },
  getCourse: { transformResponse: normaliseCourse },
  listTeacherCourses: { transformResponse: normaliseCourses },
  listTeachers: { transformResponse: (teachers: RawTeacher[], meta, arg) => pageOf(teachers.map(normaliseTeacher), totalCount(meta), arg) },
  getTeacher: { transformResponse: normaliseTeacher },
  fetchMyTeachers: { transformResponse: normaliseMyTeachers },
  fetchEnrolledCourses: { transformResponse: normaliseEnrolledCourses },
  listCourseChapters: { transformResponse: normaliseChapters },
  listMyAssignments: { transformResponse: normaliseAssignments },
  listStudentAssignments: { transformResponse: normaliseAssignments },
  getAssignment: { transformResponse: normaliseAssignment },
  answerAssignment: { transformResponse: normaliseAssignment },
  giveAssignmentFeedback: { transformResponse: normaliseAssignment },
  listTeacherAnswers: { transformResponse: (rows: RawAssignment[], meta, arg) => pageOf(normaliseAssignments(rows), totalCount(meta), arg) },
  fetchFavoriteCourses: { transformResponse: normaliseFavoriteCourses },
  listRecommendedCourses: { transformResponse: normaliseRecommendedCourses },
  listStudentConversations: { transformResponse: normaliseConversations },
  listTeacherConversations: { transformResponse: normaliseConversations },
};

type AuthoringDefinitions = DefinitionsFromApi<typeof authoringGeneratedApi>;

/** The authoring endpoints (authoring.ts) whose answer becomes an entity of normalise.ts, and what it becomes. */
interface AuthoringEntityAnswers {
  getTeacherCourseDetail: Course;
  createCourse: Course;
  updateCourse: Course;
  setCourseStatus: Course;
  getChapter: Chapter;
  createChapter: Chapter;
  updateChapter: Chapter;
  putChapterCaptionTrack: Chapter;
}

/** The authoring endpoints' definitions with the result types of the normalised answers. */
export type NormalisedAuthoringDefinitions = Omit<AuthoringDefinitions, keyof AuthoringEntityAnswers> & {
  [Name in keyof AuthoringEntityAnswers]: OverrideResultType<AuthoringDefinitions[Name], AuthoringEntityAnswers[Name]>;
};

/** The authoring endpoints' transforms, applied by authoring.ts when it injects them (a missing one fails the type check). */
export const authoringAnswerTransforms: {
  [Name in keyof AuthoringEntityAnswers]: Required<Pick<NormalisedAuthoringDefinitions[Name], 'transformResponse'>>;
} = {
  getTeacherCourseDetail: { transformResponse: normaliseCourse },
  createCourse: { transformResponse: normaliseCourse },
  updateCourse: { transformResponse: normaliseCourse },
  setCourseStatus: { transformResponse: normaliseCourse },
  getChapter: { transformResponse: normaliseChapter },
  createChapter: { transformResponse: normaliseChapter },
  updateChapter: { transformResponse: normaliseChapter },
  putChapterCaptionTrack: { transformResponse: normaliseChapter },
};
