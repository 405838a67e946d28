import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useCreateChapterMutation, useListCourseChaptersQuery, useUpload } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { draftKey } from '@/components/forms/drafts';
import { PageHeading } from '@/components/PageHeading';
import { ServerMessage } from '@/components/ServerMessage';
import { paths } from '@/config/paths';
import { parseIdParam } from '@/config/routeParams';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { ChapterForm, type ChapterFormValues, hasChapterFieldError } from './ChapterForm';
import { teacherChapterMessages as messages } from './chapterMessages';
import { teacherAreaMessages } from '../area/messages';
import { type SubmitResult, useUploadSubmit } from '../area/useUploadForm';
import { RESULT_TOAST_MS } from '@/components/toasts/toastDurations';
import { teacherCourseMessages } from '../courses/courseMessages';
import { firstChapterState } from '../courses/firstChapter';

const empty: ChapterFormValues = { title: '', description: '', remarks: '', video: null, captions: null, isPreview: false };

/**
 * /add-chapter/{course_id} (spec sections 2.5 and 8): a new chapter with its video, sent with a
 * progress bar and Cancel; 'Upload Chapter' reads 'Uploading...' meanwhile. On success the
 * course's chapter list opens, where the chapter shows through the cache tags. Opened by Add
 * Course, it reads 'Add the first chapter'.
 */
export function AddChapterPage() {
  const courseId = parseIdParam(useParams().course_id);
  const [createChapter] = useCreateChapterMutation();
  const upload = useUpload(createChapter);
  const sendWithToasts = useUploadSubmit();
  const navigate = useNavigate();
  const teacherId = useAppSelector(selectTeacherId);
  // Just after Add Course: 'Add the first chapter', saying the new course is a draft (issue 23).
  const first = firstChapterState(useLocation().state);
  // Free previews are an extension (issue 39): a provider whose chapters come without them gets no switch.
  const { data: chapters } = useListCourseChaptersQuery(courseId === null ? skipToken : { courseId });
  const previewsServed = chapters === undefined || chapters.length === 0 || chapters.some((chapter) => chapter.is_preview !== undefined);

  async function submit(values: ChapterFormValues): Promise<SubmitResult> {
    const uploadId = values.videoUpload?.id ?? null;
    if (courseId === null || (values.video === null && uploadId === null)) return { saved: false };
    const { video, captions } = values;
    return sendWithToasts(
      { progress: messages.uploadingChapter, success: messages.chapterUploaded, failure: messages.chapterUploadFailed, successMs: RESULT_TOAST_MS },
      () =>
        upload.send({
          chapterCreateForm: {
            course: courseId,
            title: values.title.trim(),
            description: values.description,
            // A video sent resumably (extension, issue 39) is named by its upload's id.
            ...(uploadId !== null ? { video_upload: uploadId } : { video: video as File }),
            ...(captions ? { captions } : {}),
            remarks: values.remarks,
            // Extension (issue 39): a provider without previews ignores it.
            ...(previewsServed && values.isPreview ? { is_preview: true } : {}),
          },
        }),
      { failureHasField: hasChapterFieldError, leavePage: () => navigate(paths.courseChapters(courseId)) },
    );
  }

  return (
    <PageHeading title={first ? teacherCourseMessages.firstChapterTitle : messages.addChapterTitle}>
      {first?.draft ? <Typography sx={{ mb: 2 }}>{teacherCourseMessages.firstChapterLead}</Typography> : null}
      {courseId === null ? (
        <ServerMessage tone="error">{teacherAreaMessages.noCourseId}</ServerMessage>
      ) : (
        <ChapterForm
          mode="add"
          initial={empty}
          upload={upload}
          onSubmit={submit}
          previewsServed={previewsServed}
          resumableTarget={{ course: courseId }}
          draftKey={teacherId === null ? null : draftKey({ side: 'teacher', id: teacherId }, `chapter:new:${courseId}`)}
        />
      )}
    </PageHeading>
  );
}
