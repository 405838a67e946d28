/**
 * One-to-one lessons' endpoints (extensions, issue 40: a teacher's lesson types, weekly hours in
 * their time zone, days off, booking rules, and the free times computed from them): generated
 * into `lessonsGenerated.ts`, whose import injects them into the API with their cache policy.
 * Only the screens about lessons use these hooks, and `index.ts` re-exports them, so this module
 * comes with those screens' chunks, never in the first download (decision 0010).
 */
import { lessonsPolicy, tagTypes } from './cachePolicy';
import { lessonsGeneratedApi } from './lessonsGenerated';
import { lessonsOperations } from './lessonsOperations';
import { addOperations } from './operationTables';

addOperations(lessonsOperations);

export const lessonsApi = lessonsGeneratedApi.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: lessonsPolicy });

export const {
  useGetTeacherLessonsQuery,
  useUpdateTeacherLessonsMutation,
  useCreateLessonTypeMutation,
  useUpdateLessonTypeMutation,
  useDeleteLessonTypeMutation,
  useGetTeacherFreeTimesQuery,
  useGetLessonRoomQuery,
  useSendLessonMessageMutation,
} = lessonsApi;
