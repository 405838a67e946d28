import { baseApi as api } from "./baseApi";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminLogin: build.mutation<AdminLoginApiResponse, AdminLoginApiArg>({
      query: (queryArg) => ({
        url: `/admin-login/`,
        method: "POST",
        body: queryArg.emailForm,
      }),
    }),
    verifyAdmin: build.mutation<VerifyAdminApiResponse, VerifyAdminApiArg>({
      query: (queryArg) => ({
        url: `/admin-verify/`,
        method: "POST",
        body: queryArg.adminCodeForm,
      }),
    }),
    adminLogout: build.mutation<AdminLogoutApiResponse, AdminLogoutApiArg>({
      query: () => ({ url: `/admin-logout/`, method: "POST" }),
    }),
    getAdminSession: build.query<
      GetAdminSessionApiResponse,
      GetAdminSessionApiArg
    >({
      query: () => ({ url: `/admin-session/` }),
    }),
    listPendingTeachers: build.query<
      ListPendingTeachersApiResponse,
      ListPendingTeachersApiArg
    >({
      query: () => ({ url: `/admin/pending-teachers/` }),
    }),
    approvePendingTeacher: build.mutation<
      ApprovePendingTeacherApiResponse,
      ApprovePendingTeacherApiArg
    >({
      query: (queryArg) => ({
        url: `/admin/pending-teachers/${queryArg.teacherId}/approve/`,
        method: "POST",
      }),
    }),
    declinePendingTeacher: build.mutation<
      DeclinePendingTeacherApiResponse,
      DeclinePendingTeacherApiArg
    >({
      query: (queryArg) => ({
        url: `/admin/pending-teachers/${queryArg.teacherId}/decline/`,
        method: "POST",
      }),
    }),
    addCategory: build.mutation<AddCategoryApiResponse, AddCategoryApiArg>({
      query: (queryArg) => ({
        url: `/admin/categories/`,
        method: "POST",
        body: queryArg.categoryForm,
      }),
    }),
    renameCategory: build.mutation<
      RenameCategoryApiResponse,
      RenameCategoryApiArg
    >({
      query: (queryArg) => ({
        url: `/admin/categories/${queryArg.categoryId}/`,
        method: "PUT",
        body: queryArg.categoryForm,
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as adminGeneratedApi };
export type AdminLoginApiResponse =
  /** status 200 A code was mailed if the address is an admin's. */ BoolMsg;
export type AdminLoginApiArg = {
  emailForm: EmailForm;
};
export type VerifyAdminApiResponse =
  /** status 200 The admin is logged in. */ AdminLoginResult;
export type VerifyAdminApiArg = {
  adminCodeForm: AdminCodeForm;
};
export type AdminLogoutApiResponse =
  /** status 200 The session, if there was one, has ended. */ BoolMsg;
export type AdminLogoutApiArg = void;
export type GetAdminSessionApiResponse =
  /** status 200 The admin. */ AdminSession;
export type GetAdminSessionApiArg = void;
export type ListPendingTeachersApiResponse =
  /** status 200 The queue. */ PendingTeacher[];
export type ListPendingTeachersApiArg = void;
export type ApprovePendingTeacherApiResponse =
  /** status 200 Approved. */ BoolMsg;
export type ApprovePendingTeacherApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
};
export type DeclinePendingTeacherApiResponse =
  /** status 200 Declined. */ BoolMsg;
export type DeclinePendingTeacherApiArg = {
  /** Id of the teacher. */
  teacherId: Id;
};
export type AddCategoryApiResponse = /** status 201 The category. */ Category;
export type AddCategoryApiArg = {
  categoryForm: CategoryForm;
};
export type RenameCategoryApiResponse =
  /** status 200 The renamed category. */ Category;
export type RenameCategoryApiArg = {
  /** Id of the category. */
  categoryId: Id;
  categoryForm: CategoryForm;
};
export type BoolLike = boolean | ("True" | "False");
export type BoolMsg = {
  bool: BoolLike;
  msg?: string;
};
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
export type EmailForm = {
  email: string;
};
export type AdminLoginResult = {
  bool: BoolLike;
  msg?: string;
  email?: string;
};
export type AdminCodeForm = {
  email: string;
  /** The 6-digit code from the mail. */
  code: string;
};
export type AdminSession = {
  email: string;
};
export type PendingTeacher = {
  id: number;
  full_name: string;
  email: string;
  qualification?: string;
  /** The languages the teacher teaches, as they wrote them. */
  skills?: string;
  /** When they registered. */
  created_at: string;
};
export type Id = number;
export type Category = {
  id: number;
  title: string;
};
export type CategoryForm = {
  title: string;
};
export const {
  useAdminLoginMutation,
  useVerifyAdminMutation,
  useAdminLogoutMutation,
  useGetAdminSessionQuery,
  useLazyGetAdminSessionQuery,
  useListPendingTeachersQuery,
  useLazyListPendingTeachersQuery,
  useApprovePendingTeacherMutation,
  useDeclinePendingTeacherMutation,
  useAddCategoryMutation,
  useRenameCategoryMutation,
} = injectedRtkApi;
