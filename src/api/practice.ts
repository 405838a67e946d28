/**
 * Practice's endpoints (extensions: exercises, the review deck): generated into
 * `practiceGenerated.ts`, whose import injects them into the API, with their upload plumbing and
 * their cache policy (a review answer may be kept offline: outboxEndpoints.ts). Only the screens
 * that practise, edit exercises or show their counts use these hooks, and `index.ts` re-exports
 * them, so this module comes with those screens' chunks, never in the first download (decision 0010).
 */
import { practicePolicy, tagTypes } from './cachePolicy';
import { addOperations } from './operationTables';
import { withOutboxPolicy } from './outboxEndpoints';
import { practiceGeneratedApi } from './practiceGenerated';
import { practiceOperations } from './practiceOperations';
import { uploadEndpointsOf } from './uploads';

addOperations(practiceOperations);

export const practiceApi = practiceGeneratedApi
  .enhanceEndpoints({ endpoints: uploadEndpointsOf(practiceOperations.uploads) })
  .enhanceEndpoints({ addTagTypes: tagTypes, endpoints: withOutboxPolicy(practicePolicy) });

export const {
  useListChapterExercisesQuery,
  useCreateExerciseMutation,
  useUpdateExerciseMutation,
  useDeleteExerciseMutation,
  useReorderExercisesMutation,
  useAnswerExerciseMutation,
  useGetCourseExerciseCountsQuery,
  useGetReviewDeckQuery,
  useSendReviewAnswersMutation,
  useGetChapterPracticeStatsQuery,
} = practiceApi;
