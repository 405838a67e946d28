import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useParams } from 'react-router-dom';
import { type Course, type CourseLevel, errorText, isNotFound, useGetTeacherCourseDetailQuery, useUpdateCourseMutation, useUpload } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { ServerMessage } from '@/components/ServerMessage';
import { parseIdParam } from '@/config/routeParams';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { CourseForm, type CourseFormValues, hasCourseFieldError, outcomesField } from './CourseForm';
import { teacherCourseMessages as messages } from './courseMessages';
import { teacherAreaMessages } from '../area/messages';
import { type SubmitResult, useUploadSubmit } from '../area/useUploadForm';
import { SUCCESS_TOAST_MS } from '@/components/toasts/toastDurations';

function valuesOf(course: Course): CourseFormValues {
  return {
    category: course.category ? String(course.category.id) : '',
    title: course.title ?? '',
    description: course.description ?? '',
    languages: course.languages ?? '',
    price: course.price === null ? '' : String(course.price),
    image: null,
    // Extension (issue 39): shown only when the provider answers with them.
    ...(course.level === undefined ? {} : { level: course.level ?? '' }),
    ...(course.outcomes === undefined ? {} : { outcomes: course.outcomes.length === 0 ? [''] : [...course.outcomes] }),
  };
}

function FormSkeleton() {
  return (
    <Stack spacing={2.5} role="status" aria-label={messages.loadingCourse} sx={{ maxWidth: 640 }}>
      {[56, 56, 120, 56, 56, 160].map((height, row) => (
        <Skeleton key={row} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}

function EditCourseForm({ course, teacherId }: { course: Course; teacherId: number }) {
  const [updateCourse] = useUpdateCourseMutation();
  const upload = useUpload(updateCourse);
  const sendWithToasts = useUploadSubmit();

  async function submit(values: CourseFormValues): Promise<SubmitResult> {
    return sendWithToasts(
      { success: messages.courseUpdated, failure: messages.courseUpdateFailed, successMs: SUCCESS_TOAST_MS },
      () =>
        upload.send({
          courseId: course.id,
          courseUpdateForm: {
            // Sent as an integer (spec section 5).
            category: Number(values.category),
            teacher: teacherId,
            title: values.title.trim(),
            description: values.description,
            languages: values.languages.trim(),
            // Emptied means free: 0, since an omitted price keeps the current one.
            price: values.price.trim() === '' ? 0 : Number(values.price),
            // Only a newly chosen image is sent (spec section 5).
            ...(values.image ? { featured_img: values.image } : {}),
            // Extension (issue 39): only to a provider that answered with them.
            ...(values.level === undefined ? {} : { level: values.level as CourseLevel | '' }),
            ...(values.outcomes === undefined ? {} : { outcomes: outcomesField(values.outcomes) }),
          },
        }),
      { failureHasField: hasCourseFieldError },
    );
  }

  return (
    <CourseForm
      mode="edit"
      initial={valuesOf(course)}
      currentImageUrl={course.featured_img}
      upload={upload}
      onSubmit={submit}
    />
  );
}

/**
 * /edit-course/{course_id} (spec sections 2.5 and 5): the course as stored, with its current
 * image; Update sends the fields, the category as an integer and the image only when a new one
 * was chosen. The title is editable too (the spec holds it without an input).
 */
export function EditCoursePage() {
  const courseId = parseIdParam(useParams().course_id);
  const teacherId = useAppSelector(selectTeacherId);
  const { data, error, isError, refetch } = useGetTeacherCourseDetailQuery(courseId === null ? skipToken : { courseId });

  let content;
  if (courseId === null) content = <ServerMessage tone="error">{teacherAreaMessages.noCourseId}</ServerMessage>;
  else if (data !== undefined && teacherId !== null) content = <EditCourseForm key={data.id} course={data} teacherId={teacherId} />;
  else if (isError && isNotFound(error)) content = <ServerMessage tone="error">{messages.courseNotFound}</ServerMessage>;
  else if (isError) content = <LoadError message={errorText(error, messages.courseLoadFailed)} onRetry={() => void refetch()} />;
  else content = <FormSkeleton />;

  return <PageHeading title={messages.editCourseTitle}>{content}</PageHeading>;
}
