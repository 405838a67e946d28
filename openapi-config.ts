import type { ConfigFile } from '@rtk-query/codegen-openapi';

/**
 * The admin area's operations (`/admin-login/`, `/admin/…`): generated into a module of their own,
 * `src/api/adminGenerated.ts`, which injects them into the API only when the admin area's chunk
 * loads (src/api/admin.ts). Every other page's first download then carries none of them (decision 0010).
 */
export const isAdminOperation = (_name: string, { path }: { path: string }) => /^\/admin[-/]/.test(path);

/**
 * Practice's operations (tag Practice: exercises, the review deck): `src/api/practiceGenerated.ts`,
 * injected by src/api/practice.ts with the screens that use them (the chapter editor, the player,
 * the course page's counts, Practice and Review), never in the first download.
 */
export const isPracticeOperation = (_name: string, { operation }: { operation: { tags?: string[] } }) => operation.tags?.includes('Practice') === true;

/**
 * The operations that only the teacher's course and chapter authoring screens call (the course
 * and chapter forms, the teacher's course list, publishing, the chapter order, caption tracks, the
 * resumable upload's options): `src/api/authoringGenerated.ts`, injected by src/api/authoring.ts
 * with those screens, never in the first download. No visitor's or student's screen calls one of
 * them (a teacher's other screens neither: `listTeacherCourses`, which the students' page also
 * reads, stays with the rest).
 */
export const authoringOperationIds: readonly string[] = [
  'createCourse',
  'getTeacherCourseDetail',
  'updateCourse',
  'deleteCourse',
  'setCourseStatus',
  'createChapter',
  'getChapter',
  'updateChapter',
  'deleteChapter',
  'reorderChapters',
  'putChapterCaptionTrack',
  'deleteChapterCaptionTrack',
  'getUploadOptions',
];
export const isAuthoringOperation = (name: string) => authoringOperationIds.includes(name);

/**
 * One-to-one lessons' operations (tag Lessons: a teacher's lesson types, hours and free times):
 * `src/api/lessonsGenerated.ts`, injected by src/api/lessons.ts with the screens that use them.
 */
export const isLessonsOperation = (_name: string, { operation }: { operation: { tags?: string[] } }) => operation.tags?.includes('Lessons') === true;

/**
 * The operations loaded with their screens, by group: each group's endpoints (`src/api/<group>Generated.ts`)
 * and operation tables (`src/api/<group>Operations.ts`) come with those screens, never in the first download.
 */
export const lazyOperationGroups = {
  admin: isAdminOperation,
  practice: isPracticeOperation,
  authoring: (name: string) => isAuthoringOperation(name),
  lessons: isLessonsOperation,
} as const;

/** Operations only the render server calls (decision 0041): the app's API has no endpoint for them. */
export const serverOnlyOperationIds: readonly string[] = ['getStudentSession'];

const isLazyOperation = (name: string, definition: { path: string; operation: { tags?: string[] } }) =>
  serverOnlyOperationIds.includes(name) || Object.values(lazyOperationGroups).some((takes) => takes(name, definition));

/** RTK Query codegen: api-spec.yaml -> src/api/generated.ts, adminGenerated.ts, practiceGenerated.ts, authoringGenerated.ts and lessonsGenerated.ts (run `npm run codegen`). */
const config = {
  schemaFile: './api-spec.yaml',
  apiFile: './src/api/baseApi.ts',
  apiImport: 'baseApi',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  tag: false,
  mergeReadWriteOnly: true,
  // Header parameters (`If-None-Match` of the polled reads) are the browser's to send: its HTTP
  // cache revalidates answers marked `private, no-cache` by itself, and a page that set a
  // conditional header would turn that cache off for the request (Fetch standard, HTTP-network-
  // or-cache fetch). The app's arguments and requests never carry them.
  endpointOverrides: [{ pattern: () => true, parameterFilter: (_name, parameter) => parameter.in !== 'header' }],
  outputFiles: {
    './src/api/generated.ts': { exportName: 'generatedApi', filterEndpoints: (name, operation) => !isLazyOperation(name, operation) },
    './src/api/adminGenerated.ts': { exportName: 'adminGeneratedApi', filterEndpoints: isAdminOperation },
    './src/api/practiceGenerated.ts': { exportName: 'practiceGeneratedApi', filterEndpoints: isPracticeOperation },
    './src/api/authoringGenerated.ts': { exportName: 'authoringGeneratedApi', filterEndpoints: isAuthoringOperation },
    './src/api/lessonsGenerated.ts': { exportName: 'lessonsGeneratedApi', filterEndpoints: isLessonsOperation },
  },
} satisfies ConfigFile;

export default config;
