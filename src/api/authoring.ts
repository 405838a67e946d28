/**
 * The teacher's course and chapter authoring endpoints (the course and chapter forms, publishing,
 * deleting, the chapter order, caption tracks, the resumable upload's options): generated into
 * `authoringGenerated.ts`, whose import injects them into the API, with their upload plumbing,
 * their normalised answers and their cache policy. Only those screens use these hooks, and
 * `index.ts` re-exports them, so this module comes with their chunks, never in the first download
 * (decision 0010).
 */
import { authoringAnswerTransforms, type NormalisedAuthoringDefinitions } from './answers';
import { authoringGeneratedApi } from './authoringGenerated';
import { authoringPolicy, tagTypes } from './cachePolicy';
import { authoringOperations } from './authoringOperations';
import { addOperations } from './operationTables';
import { uploadEndpointsOf } from './uploads';

addOperations(authoringOperations);

export const authoringApi = authoringGeneratedApi
  .enhanceEndpoints({ endpoints: uploadEndpointsOf(authoringOperations.uploads) })
  .enhanceEndpoints<never, NormalisedAuthoringDefinitions>({ endpoints: authoringAnswerTransforms })
  .enhanceEndpoints({ addTagTypes: tagTypes, endpoints: authoringPolicy });

export const {
  useCreateCourseMutation,
  useGetTeacherCourseDetailQuery,
  useUpdateCourseMutation,
  useDeleteCourseMutation,
  useSetCourseStatusMutation,
  useCreateChapterMutation,
  useGetChapterQuery,
  useUpdateChapterMutation,
  useDeleteChapterMutation,
  useReorderChaptersMutation,
  usePutChapterCaptionTrackMutation,
  useDeleteChapterCaptionTrackMutation,
  useGetUploadOptionsQuery,
} = authoringApi;
