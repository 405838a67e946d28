import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { type ReactNode, useId } from 'react';
import { errorText, isUnsupported, useGetTeacherLessonsQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { FreeTimesPreview } from './FreeTimesPreview';
import { HoursForm } from './HoursForm';
import { LessonTypes } from './LessonTypes';
import { lessonsMessages as messages } from './lessonsMessages';

/** A titled part of the screen, a region named by its h2. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.5rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * /teacher-lessons (extension, issue 40): what the teacher offers as one-to-one lessons and when.
 * Three parts, one under the other: the lesson types (added and changed in a dialog), the hours
 * (time zone, the week's ranges, days off, notice and cancellation window, one 'Save hours') and
 * what students will see (the next 7 days' free times in the teacher's zone). On a provider
 * without lessons (404 or 405) one line says so.
 */
export function TeacherLessonsPage() {
  const teacherId = useAppSelector(selectTeacherId);
  const { data: lessons, error, refetch } = useGetTeacherLessonsQuery(teacherId === null ? skipToken : { teacherId });

  let content: ReactNode;
  if (teacherId === null) content = null;
  else if (error !== undefined && isUnsupported(error)) content = <Typography>{messages.lessonsUnsupported}</Typography>;
  else if (lessons === undefined) {
    content = error ? (
      <LoadError message={errorText(error, messages.lessonsFailed)} onRetry={() => void refetch()} />
    ) : (
      <RowsSkeleton label={messages.loadingLessons} rowHeight={72} />
    );
  } else {
    content = (
      <Stack spacing={5} sx={{ maxWidth: 760 }}>
        <Section title={messages.typesHeading}>
          <LessonTypes teacherId={teacherId} lessonTypes={lessons.lesson_types} />
        </Section>
        <Section title={messages.hoursHeading}>
          {/* Filled once from the saved hours: a later read (a type added) leaves what is being typed alone. */}
          <HoursForm key={teacherId} lessons={lessons} />
        </Section>
        <Section title={messages.previewHeading}>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{messages.previewIntro}</Typography>
          <FreeTimesPreview teacherId={teacherId} />
        </Section>
      </Stack>
    );
  }

  return <PageHeading title={messages.lessonsTitle}>{content}</PageHeading>;
}
