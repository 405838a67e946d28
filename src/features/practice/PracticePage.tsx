import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  isNotFound,
  isUnsupported,
  useAnswerExerciseMutation,
  useFetchEnrollStatusQuery,
  useGetCourseQuery,
  useListChapterExercisesQuery,
  useListCourseChaptersQuery,
  useSendVoiceMessageMutation,
} from '@/api';
import { voiceFileOf } from '@/components/recorder/useVoiceRecorder';
import { useAppSelector } from '@/app/hooks';
import { courseLanguage } from '@/components/courseLanguage';
import { LoadError } from '@/components/LoadError';
import { NotFoundScreen } from '@/components/NotFoundScreen';
import { PageHeading } from '@/components/PageHeading';
import { ServerMessage } from '@/components/ServerMessage';
import { paths } from '@/config/paths';
import { parseIdParam } from '@/config/routeParams';
import { selectStudentId } from '@/features/session/sessionSlices';
import { PracticeRunner } from './PracticeRunner';
import { practiceMessages as messages } from './practiceMessages';

function NoPractice() {
  return <NotFoundScreen title={messages.notFoundTitle} text={messages.notFoundText} actionLabel={messages.myCourses} actionTo={paths.myCourses} />;
}

function Practice({ courseId, chapterId, studentId }: { courseId: number; chapterId: number; studentId: number }) {
  const course = useGetCourseQuery({ courseId });
  const enrolment = useFetchEnrollStatusQuery({ studentId, courseId });
  const enrolled = enrolment.data?.bool === true;
  const chapters = useListCourseChaptersQuery(enrolled ? { courseId } : skipToken);
  const exercises = useListChapterExercisesQuery(enrolled ? { chapterId } : skipToken);
  const [answerExercise] = useAnswerExerciseMutation();
  const [sendVoiceMessage] = useSendVoiceMessageMutation();
  const [notSaved, setNotSaved] = useState(false);

  const chapter = chapters.data?.find((entry) => entry.id === chapterId);
  const title = chapter ? messages.practiceNamed(chapter.title) : messages.practice;

  // No such course or chapter, or a provider without exercises: nothing to practise here.
  if (isNotFound(course.error) || isNotFound(chapters.error) || isUnsupported(exercises.error)) return <NoPractice />;
  if (chapters.data !== undefined && chapter === undefined) return <NoPractice />;
  const failed = [course, enrolment, chapters, exercises].find((query) => query.isError);
  if (failed !== undefined) {
    return (
      <PageHeading title={title}>
        <LoadError message={messages.loadFailed} onRetry={() => void failed.refetch()} />
      </PageHeading>
    );
  }
  if (enrolment.data !== undefined && !enrolled) {
    return <NotFoundScreen title={messages.notEnrolledTitle} text={messages.notEnrolledText} actionLabel={messages.openCoursePage} actionTo={paths.courseDetail(courseId)} />;
  }
  if (course.data === undefined || chapter === undefined || exercises.data === undefined) {
    return (
      <PageHeading title={title}>
        <Stack spacing={2} role="status" aria-label={messages.loading} sx={{ maxWidth: 640 }}>
          {[40, 56, 120].map((height, row) => (
            <Skeleton key={row} variant="rounded" height={height} />
          ))}
        </Stack>
      </PageHeading>
    );
  }

  const language = courseLanguage(course.data.languages);
  const teacherId = course.data.teacher?.id;
  const backToChapter = (
    <Button variant="contained" component={RouterLink} to={paths.learn(courseId, chapterId)}>
      {messages.backToChapter}
    </Button>
  );
  const heading = (
    <>
      {messages.practiceNamed('')}
      <span lang={language}>{chapter.title}</span>
    </>
  );
  return (
    <PageHeading title={title} heading={heading}>
      <Link component={RouterLink} to={paths.learn(courseId, chapterId)} lang={language} sx={{ display: 'inline-block', mb: 2 }}>
        {chapter.title}
      </Link>
      {notSaved ? <ServerMessage tone="error">{messages.answerNotSaved}</ServerMessage> : null}
      <PracticeRunner
        exercises={exercises.data}
        language={language}
        finish={backToChapter}
        onAnswer={(exercise, answer) => {
          answerExercise({ exerciseId: exercise.id, exerciseAnswerForm: { answer } })
            .unwrap()
            .then(() => setNotSaved(false))
            .catch(() => setNotSaved(true));
        }}
        onSendRecording={
          teacherId === undefined
            ? undefined
            : async (exercise, recording) => {
                await sendVoiceMessage({
                  teacherId,
                  studentId,
                  voiceMessageForm: { msg_from: 'student', voice: voiceFileOf(recording, 'practice'), msg_text: messages.voiceNote(exercise.prompt) },
                }).unwrap();
              }
        }
      />
    </PageHeading>
  );
}

/**
 * /learn/:course_id/:chapter_id/practice — a chapter's exercises for a student enrolled in its
 * course (the route's guard: a logged-in student): the runner, each first answer sent to the
 * provider for the record (the verdict shown is the browser's, at once). Not found for an unknown
 * chapter, and on a provider without exercises.
 */
export function PracticePage() {
  const params = useParams();
  const courseId = parseIdParam(params.course_id);
  const chapterId = parseIdParam(params.chapter_id);
  const studentId = useAppSelector(selectStudentId);
  if (courseId === null || chapterId === null) return <NoPractice />;
  if (studentId === null) return null;
  return <Practice courseId={courseId} chapterId={chapterId} studentId={studentId} />;
}
