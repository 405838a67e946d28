import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useParams } from 'react-router-dom';
import { type Chapter, errorText, isNotFound, useGetChapterQuery, useGetCourseQuery, useUpdateChapterMutation, useUpload } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { courseLanguage } from '@/components/courseLanguage';
import { draftKey } from '@/components/forms/drafts';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { ServerMessage } from '@/components/ServerMessage';
import { parseIdParam } from '@/config/routeParams';
import { CaptionTracksSection } from './CaptionTracksSection';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { ChapterExercises } from './ChapterExercises';
import { ChapterForm, type ChapterFormValues, hasChapterFieldError } from './ChapterForm';
import { teacherChapterMessages as messages } from './chapterMessages';
import { type SubmitResult, useUploadSubmit } from '../area/useUploadForm';
import { SUCCESS_TOAST_MS } from '@/components/toasts/toastDurations';

function FormSkeleton() {
  return (
    <Stack spacing={2.5} role="status" aria-label={messages.loadingChapter} sx={{ maxWidth: 640 }}>
      {[56, 120, 200, 72].map((height, row) => (
        <Skeleton key={row} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}

function EditChapterForm({ chapter }: { chapter: Chapter }) {
  const [updateChapter] = useUpdateChapterMutation();
  const upload = useUpload(updateChapter);
  const sendWithToasts = useUploadSubmit();
  const teacherId = useAppSelector(selectTeacherId);

  async function submit(values: ChapterFormValues): Promise<SubmitResult> {
    return sendWithToasts(
      { success: messages.chapterUpdated, failure: messages.chapterUpdateFailed, successMs: SUCCESS_TOAST_MS },
      () =>
        upload.send({
          id: chapter.id,
          chapterUpdateForm: {
            course: chapter.course,
            title: values.title.trim(),
            description: values.description,
            remarks: values.remarks,
            // Only a newly chosen video (spec section 5) or captions file is sent.
            ...(values.video ? { video: values.video } : {}),
            // …or sent resumably (extension, issue 39), named by its upload's id.
            ...(values.videoUpload?.id ? { video_upload: values.videoUpload.id } : {}),
            ...(values.captions ? { captions: values.captions } : {}),
            // Extension (issue 39): only to a provider that answered with it.
            ...(values.isPreview === undefined ? {} : { is_preview: values.isPreview }),
          },
        }),
      { failureHasField: hasChapterFieldError },
    );
  }

  return (
    <ChapterForm
      mode="edit"
      initial={{
        title: chapter.title ?? '',
        description: chapter.description ?? '',
        remarks: chapter.remarks ?? '',
        video: null,
        captions: null,
        ...(chapter.is_preview === undefined ? {} : { isPreview: chapter.is_preview }),
      }}
      currentVideoUrl={chapter.video}
      currentCaptionsUrl={chapter.captions}
      upload={upload}
      onSubmit={submit}
      resumableTarget={{ chapter: chapter.id }}
      draftKey={teacherId === null ? null : draftKey({ side: 'teacher', id: teacherId }, `chapter:${chapter.id}`)}
    />
  );
}

/** The chapter's form, then its exercises (in the course's language: their answers, the special letters). */
function EditChapter({ chapter }: { chapter: Chapter }) {
  const course = useGetCourseQuery({ courseId: chapter.course });
  return (
    <>
      <EditChapterForm chapter={chapter} />
      {chapter.caption_tracks_known && <CaptionTracksSection chapter={chapter} courseLanguage={courseLanguage(course.data?.languages)} />}
      <ChapterExercises chapterId={chapter.id} language={courseLanguage(course.data?.languages)} />
    </>
  );
}

/**
 * /edit-chapter/{chapter_id} (spec sections 2.5 and 5): the chapter's title, description and
 * remarks, a player of its current video and an optional new one, sent only when chosen; then its
 * exercises (extension: hidden on a provider without them).
 */
export function EditChapterPage() {
  const chapterId = parseIdParam(useParams().chapter_id);
  const { data, error, isError, refetch } = useGetChapterQuery(chapterId === null ? skipToken : { id: chapterId });

  let content;
  if (chapterId === null) content = <ServerMessage tone="error">{messages.noChapterId}</ServerMessage>;
  else if (data !== undefined) content = <EditChapter key={data.id} chapter={data} />;
  else if (isError && isNotFound(error)) content = <ServerMessage tone="error">{messages.chapterNotFound}</ServerMessage>;
  else if (isError) content = <LoadError message={errorText(error, messages.chapterLoadFailed)} onRetry={() => void refetch()} />;
  else content = <FormSkeleton />;

  return <PageHeading title={messages.editChapterTitle}>{content}</PageHeading>;
}
