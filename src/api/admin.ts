/**
 * The admin area's endpoints (extensions): generated into `adminGenerated.ts`, whose import injects
 * them into the API, with their cache policy. Only the admin area's screens use these hooks, and
 * `index.ts` re-exports them, so this module (and the injection) comes with the admin area's
 * chunk: a visitor's first download carries none of it (decision 0010).
 */
import { adminGeneratedApi } from './adminGenerated';
import { adminOperations } from './adminOperations';
import { list, rowsOf, tagTypes } from './cachePolicy';
import { addOperations } from './operationTables';

addOperations(adminOperations);

/**
 * A login sets the session's answer itself (AdminSignIn); a logout reads it again (now a 401). A
 * decision changes the queue and, for an approval, the teachers; a renamed category shows on its
 * courses.
 */
export const adminApi = adminGeneratedApi.enhanceEndpoints({
  addTagTypes: tagTypes,
  endpoints: {
    getAdminSession: { providesTags: [{ type: 'Admin', id: 'SESSION' }] },
    adminLogout: { invalidatesTags: ['Admin', 'PendingTeacher'] },
    listPendingTeachers: { providesTags: (teachers) => rowsOf('PendingTeacher', teachers) },
    approvePendingTeacher: { invalidatesTags: [list('PendingTeacher'), list('Teacher')] },
    declinePendingTeacher: { invalidatesTags: [list('PendingTeacher')] },
    addCategory: { invalidatesTags: [list('Category')] },
    renameCategory: { invalidatesTags: [list('Category'), 'Course'] },
  },
});

export const {
  useAdminLoginMutation,
  useVerifyAdminMutation,
  useAdminLogoutMutation,
  useGetAdminSessionQuery,
  useListPendingTeachersQuery,
  useApprovePendingTeacherMutation,
  useDeclinePendingTeacherMutation,
  useAddCategoryMutation,
  useRenameCategoryMutation,
} = adminApi;
