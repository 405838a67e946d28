import { baseApi as api } from "./baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    listChapterExercises: build.query<
      ListChapterExercisesApiResponse,
      ListChapterExercisesApiArg
    >({
      query: (queryArg) => ({
        url: `/chapter-exercises/${queryArg.chapterId}/`,
      }),
    }),
    createExercise: build.mutation<
      CreateExerciseApiResponse,
      CreateExerciseApiArg
    >({
      query: (queryArg) => ({
        url: `/chapter-exercises/${queryArg.chapterId}/`,
        method: "POST",
        body: queryArg.exerciseForm,
      }),
    }),
    reorderExercises: build.mutation<
      ReorderExercisesApiResponse,
      ReorderExercisesApiArg
    >({
      query: (queryArg) => ({
        url: `/chapter-exercises/${queryArg.chapterId}/order/`,
        method: "PUT",
        body: queryArg.exerciseOrderForm,
      }),
    }),
    updateExercise: build.mutation<
      UpdateExerciseApiResponse,
      UpdateExerciseApiArg
    >({
      query: (queryArg) => ({
        url: `/exercise/${queryArg.exerciseId}/`,
        method: "PUT",
        body: queryArg.exerciseUpdateForm,
      }),
    }),
    deleteExercise: build.mutation<
      DeleteExerciseApiResponse,
      DeleteExerciseApiArg
    >({
      query: (queryArg) => ({
        url: `/exercise/${queryArg.exerciseId}/`,
        method: "DELETE",
      }),
    }),
    answerExercise: build.mutation<
      AnswerExerciseApiResponse,
      AnswerExerciseApiArg
    >({
      query: (queryArg) => ({
        url: `/exercise-answer/${queryArg.exerciseId}/`,
        method: "POST",
        body: queryArg.exerciseAnswerForm,
      }),
    }),
    getCourseExerciseCounts: build.query<
      GetCourseExerciseCountsApiResponse,
      GetCourseExerciseCountsApiArg
    >({
      query: (queryArg) => ({
        url: `/course-exercise-counts/${queryArg.courseId}/`,
      }),
    }),
    getReviewDeck: build.query<GetReviewDeckApiResponse, GetReviewDeckApiArg>({
      query: () => ({ url: `/review-deck/` }),
    }),
    sendReviewAnswers: build.mutation<
      SendReviewAnswersApiResponse,
      SendReviewAnswersApiArg
    >({
      query: (queryArg) => ({
        url: `/review-deck/answers/`,
        method: "POST",
        body: queryArg.reviewAnswersForm,
      }),
    }),
    getChapterPracticeStats: build.query<
      GetChapterPracticeStatsApiResponse,
      GetChapterPracticeStatsApiArg
    >({
      query: (queryArg) => ({
        url: `/chapter-practice-stats/${queryArg.chapterId}/`,
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as practiceGeneratedApi };
export type ListChapterExercisesApiResponse =
  /** status 200 The exercises, in order. */ Exercise[];
export type ListChapterExercisesApiArg = {
  /** Id of the chapter. */
  chapterId: Id;
};
export type CreateExerciseApiResponse =
  /** status 201 The new exercise. */ Exercise;
export type CreateExerciseApiArg = {
  /** Id of the chapter. */
  chapterId: Id;
  exerciseForm: ExerciseForm;
};
export type ReorderExercisesApiResponse =
  /** status 200 The exercises in their new order. */ Exercise[];
export type ReorderExercisesApiArg = {
  /** Id of the chapter. */
  chapterId: Id;
  exerciseOrderForm: ExerciseOrderForm;
};
export type UpdateExerciseApiResponse =
  /** status 200 The changed exercise. */ Exercise;
export type UpdateExerciseApiArg = {
  /** Id of the exercise. */
  exerciseId: Id;
  exerciseUpdateForm: ExerciseUpdateForm;
};
export type DeleteExerciseApiResponse = unknown;
export type DeleteExerciseApiArg = {
  /** Id of the exercise. */
  exerciseId: Id;
};
export type AnswerExerciseApiResponse =
  /** status 200 The verdict. */ ExerciseResult;
export type AnswerExerciseApiArg = {
  /** Id of the exercise. */
  exerciseId: Id;
  exerciseAnswerForm: ExerciseAnswerForm;
};
export type GetCourseExerciseCountsApiResponse =
  /** status 200 The counts. */ ExerciseCounts;
export type GetCourseExerciseCountsApiArg = {
  /** Id of the course. */
  courseId: Id;
};
export type GetReviewDeckApiResponse = /** status 200 The deck. */ ReviewDeck;
export type GetReviewDeckApiArg = void;
export type SendReviewAnswersApiResponse =
  /** status 200 The cards answered, updated. */ ReviewDeck;
export type SendReviewAnswersApiArg = {
  reviewAnswersForm: ReviewAnswersForm;
};
export type GetChapterPracticeStatsApiResponse =
  /** status 200 The figures. */ PracticeStats;
export type GetChapterPracticeStatsApiArg = {
  /** Id of the chapter. */
  chapterId: Id;
};
export type Id = number;
export type ExerciseKind = "choose" | "type" | "listen" | "say";
export type MediaUrl = string;
export type NullableMediaUrl = MediaUrl | null;
export type Exercise = {
  id: Id;
  chapter_id: Id;
  kind: ExerciseKind;
  /** The question or instruction, 1 to 500 characters. */
  prompt: string;
  /** Shown on request before answering; '' when none. */
  hint: string;
  /** Shown after the answer; '' when none. */
  explanation: string;
  choices: string[];
  /** Index in `choices` of the right one (`choose`), else null. */
  correct_choice: number | null;
  answers: string[];
  audio: NullableMediaUrl;
  /** Place in the chapter's list, from 1. */
  position: number;
  /** False for a draft, which only the teacher sees. */
  is_published: boolean;
};
export type BoolLike = boolean | ("True" | "False");
export type MsgError = {
  /** Human-readable message, shown to the user as is. */
  msg: string;
  /** Sent as false by operations whose success answer carries `bool`. */
  bool?: BoolLike;
};
export type DetailError = {
  /** Human-readable message, shown to the user as is. */
  detail: string;
};
export type FieldErrors = {
  [key: string]: string[];
};
export type Error = MsgError | DetailError | FieldErrors;
export type RateLimited = {
  /** Human-readable message, shown to the user as is. */
  msg: string;
  /** Seconds to wait before trying again. */
  retry_after: number;
  /** `false`, on operations whose success answer carries `bool`. */
  bool?: boolean;
};
export type VoiceFile = Blob;
export type ExerciseForm = {
  kind: ExerciseKind;
  prompt: string;
  hint?: string;
  explanation?: string;
  /** A JSON array of strings, e.g. ["Ẹ ṣé","Ó dàbọ̀"]. */
  choices?: string;
  correct_choice?: number;
  /** A JSON array of strings, e.g. ["Ẹ kú àárọ̀","E ku aaro"]. */
  answers?: string;
  /** The model recording. */
  audio?: VoiceFile;
  /** True to show it to students (sent as `true`/`false`); a draft when omitted. */
  is_published?: boolean;
};
export type ExerciseOrderForm = {
  /** Every exercise of the chapter, comma-separated, in the new order. */
  exercise_ids: string;
};
export type ExerciseUpdateForm = ExerciseForm & {
  /** True to remove the model recording (ignored when a new `audio` is sent). */
  remove_audio?: boolean;
};
export type ExerciseResult = {
  result: "right" | "almost" | "wrong";
  /** The exact spelling, the right choice's text, or the phrase to say. */
  expected: string;
  /** For `almost`, the indexes of the letters of `expected` whose marks differ, a letter being a base character with the combining marks after it in NFC (`letters` in src/api/answerCheck.ts); else empty. */
  marks: number[];
};
export type ExerciseAnswerForm = {
  /** The typed text, the choice's index as text, or `right`/`wrong` for `say`. */
  answer: string;
};
export type ExerciseCounts = {
  chapters: {
    chapter_id: Id;
    exercises: number;
  }[];
};
export type ReviewCard = {
  exercise: Exercise;
  course_id: Id;
  course_title: string;
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: 0 | 1 | 2 | 3;
  last_review: string | null;
};
export type ReviewDeck = {
  cards: ReviewCard[];
};
export type ReviewAnswersForm = {
  answers: {
    exercise_id: Id;
    /** 1 Again, 2 Hard, 3 Good, 4 Easy. */
    rating: number;
    reviewed_at: string;
  }[];
};
export type PracticeStats = {
  students: number;
  average_score: number | null;
  exercises: {
    exercise_id: Id;
    prompt: string;
    answered: number;
    missed: number;
    wrong_answers: {
      answer: string;
      count: number;
    }[];
  }[];
};
export const {
  useListChapterExercisesQuery,
  useLazyListChapterExercisesQuery,
  useCreateExerciseMutation,
  useReorderExercisesMutation,
  useUpdateExerciseMutation,
  useDeleteExerciseMutation,
  useAnswerExerciseMutation,
  useGetCourseExerciseCountsQuery,
  useLazyGetCourseExerciseCountsQuery,
  useGetReviewDeckQuery,
  useLazyGetReviewDeckQuery,
  useSendReviewAnswersMutation,
  useGetChapterPracticeStatsQuery,
  useLazyGetChapterPracticeStatsQuery,
} = injectedRtkApi;
