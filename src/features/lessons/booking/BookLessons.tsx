import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useId, useState } from 'react';
import { errorText, isUnsupported, type LessonType, useGetTeacherLessonsQuery } from '@/api';
import { LoadError } from '@/components/LoadError';
import { FreeTimesPicker } from '../FreeTimesPicker';
import { lessonMessages as messages } from '../lessonMessages';
import { useViewerTimeZone } from '../useViewerTimeZone';
import { ViewerTimeZone } from '../ViewerTimeZone';
import { BookLessonDialog } from './BookLessonDialog';
import { LessonFigures } from './LessonFigures';

/** A lesson type as a choice: title, then length, price or 'Free trial', and languages; pressed when chosen. */
function TypeChoice({ lessonType, chosen, onChoose }: { lessonType: LessonType; chosen: boolean; onChoose: () => void }) {
  return (
    <ButtonBase
      aria-pressed={chosen}
      onClick={onChoose}
      sx={{
        display: 'block',
        width: '100%',
        textAlign: 'left',
        p: 1.5,
        border: 2,
        borderColor: chosen ? 'primary.main' : 'divider',
        borderRadius: 1,
        bgcolor: chosen ? 'action.selected' : undefined,
      }}
    >
      <Typography component="span" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
        {lessonType.title}
      </Typography>
      <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
        {messages.minutes(lessonType.minutes)} · {lessonType.free_trial ? messages.freeTrial : messages.price(lessonType.price)} ·{' '}
        {lessonType.languages.join(', ')}
      </Typography>
    </ButtonBase>
  );
}

/**
 * The teacher page's Lessons (extension, issue 40), rendered in the browser only: the teacher's
 * lesson types (the first chosen), the chosen type's free times of the next 14 days in the viewer's
 * zone (named, and changeable), and a time opens the booking's dialog. Three taps at most: a type,
 * a time, Book (another day than the first is a tap on the strip). Nothing while the lessons load,
 * and nothing at all on a provider without lessons (404 or 405), for a teacher not approved, or one
 * who offers no type.
 */
export function BookLessons({ teacherId }: { teacherId: number }) {
  const headingId = useId();
  const { data, error, refetch } = useGetTeacherLessonsQuery({ teacherId });
  // The section's first render with the lessons (its fields, 418 zones) is done in the background,
  // in slices the browser can interrupt, not in the task that stores the answer; later answers at once.
  const lessons = useDeferredValue(data) === undefined ? undefined : data;
  const [timeZone, setTimeZone] = useViewerTimeZone();
  const [chosenTypeId, setChosenTypeId] = useState<number | null>(null);
  const [start, setStart] = useState<string | null>(null);

  // Nothing while the lessons load: a heading shown and then taken away would only move the page.
  if (error === undefined ? lessons === undefined : isUnsupported(error)) return null;
  const lessonType = lessons?.lesson_types.find((type) => type.id === chosenTypeId) ?? lessons?.lesson_types[0];
  if (lessons !== undefined && lessonType === undefined) return null;

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 5, maxWidth: 760 }}>
      <Typography variant="h2" id={headingId} sx={{ mb: 2 }}>
        {messages.lessonsHeading}
      </Typography>
      {lessons === undefined || lessonType === undefined ? (
        <LoadError message={errorText(error, messages.lessonsFailed)} onRetry={() => void refetch()} />
      ) : (
        <>
          <LessonFigures teacherId={teacherId} />
          <Box component="ul" aria-label={messages.typesLabel} sx={{ listStyle: 'none', p: 0, m: 0, mb: 3, display: 'grid', gap: 1 }}>
            {lessons.lesson_types.map((type) => (
              <li key={type.id}>
                <TypeChoice lessonType={type} chosen={type.id === lessonType.id} onChoose={() => setChosenTypeId(type.id)} />
              </li>
            ))}
          </Box>
          <ViewerTimeZone zone={timeZone} onChange={setTimeZone} />
          <FreeTimesPicker teacherId={teacherId} minutes={lessonType.minutes} timeZone={timeZone} onChoose={setStart} />
          {start === null ? null : (
            <BookLessonDialog
              teacherId={teacherId}
              lessonType={lessonType}
              start={start}
              cancellationHours={lessons.cancellation_hours}
              timeZone={timeZone}
              onClose={() => setStart(null)}
            />
          )}
        </>
      )}
    </Box>
  );
}
