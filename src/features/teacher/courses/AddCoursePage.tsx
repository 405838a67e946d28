import { skipToken } from '@reduxjs/toolkit/query/react';
import { useNavigate } from 'react-router-dom';
import { type CourseLevel, useCreateCourseMutation, useListTeacherCoursesQuery, useUpload } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { CourseForm, type CourseFormValues, hasCourseFieldError, outcomesField } from './CourseForm';
import { teacherCourseMessages as messages } from './courseMessages';
import { type SubmitResult, useUploadSubmit } from '../area/useUploadForm';
import { RESULT_TOAST_MS } from '@/components/toasts/toastDurations';
import type { FirstChapterState } from './firstChapter';

const empty: CourseFormValues = { category: '', title: '', description: '', languages: '', price: '', image: null, level: '', outcomes: [''] };

/**
 * /add-course (spec sections 2.5 and 8): a new course with its image, sent with a progress bar
 * and Cancel; 'Upload' reads 'Uploading...' meanwhile. The course is sent as a draft (extension,
 * issue 23); on success its Add Chapter page opens as 'Add the first chapter' (the spec opened
 * My Courses, where the course shows through the cache tags all the same).
 */
export function AddCoursePage() {
  const teacherId = useAppSelector(selectTeacherId);
  const [createCourse] = useCreateCourseMutation();
  const upload = useUpload(createCourse);
  const sendWithToasts = useUploadSubmit();
  const navigate = useNavigate();
  // Levels are an extension (issue 39): a provider whose courses come without them gets none.
  const { data: ownCourses } = useListTeacherCoursesQuery(teacherId === null ? skipToken : { teacherId });
  const levelsServed = ownCourses === undefined || ownCourses.length === 0 || ownCourses.some((course) => course.level !== undefined);

  async function submit(values: CourseFormValues): Promise<SubmitResult> {
    if (teacherId === null || values.image === null) return { saved: false };
    const image = values.image;
    return sendWithToasts(
      { progress: messages.uploadingCourse, success: messages.courseUploaded, failure: messages.courseUploadFailed, successMs: RESULT_TOAST_MS },
      () =>
        upload.send({
          courseCreateForm: {
            category: Number(values.category),
            teacher: teacherId,
            title: values.title.trim(),
            description: values.description,
            languages: values.languages.trim(),
            // Empty means free: the field is left out.
            ...(values.price.trim() === '' ? {} : { price: Number(values.price) }),
            featured_img: image,
            // Extension: a new course starts as a draft (a provider without drafts ignores it and publishes it at once).
            status: 'draft',
            // Extension (issue 39): a provider without levels ignores them.
            ...(levelsServed && values.level ? { level: values.level as CourseLevel } : {}),
            ...(levelsServed && values.outcomes?.some((line) => line.trim() !== '') ? { outcomes: outcomesField(values.outcomes) } : {}),
          },
        }),
      {
        failureHasField: hasCourseFieldError,
        leavePage: (course) =>
          typeof course?.id === 'number'
            ? navigate(paths.addChapter(course.id), { state: { firstChapter: true, draft: course.status === 'draft' } satisfies FirstChapterState })
            : navigate(paths.teacherCourses),
      },
    );
  }

  return (
    <PageHeading title={messages.addCourseTitle}>
      <CourseForm mode="add" initial={empty} upload={upload} onSubmit={submit} levelsServed={levelsServed} />
    </PageHeading>
  );
}
