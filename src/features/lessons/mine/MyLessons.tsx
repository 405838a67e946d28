import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { errorText, isUnsupported, type Lesson, type LessonList } from '@/api';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { lessonMessages as messages } from '../lessonMessages';
import { ViewerTimeZone } from '../ViewerTimeZone';
import { LessonItem, type Side } from './LessonItem';
import type { When } from './useListPlace';

/**
 * The two lists, as buttons: MUI's Tabs would put My lessons in the chunk set of the tabs the
 * student and teacher areas share, and split them into a chunk every area route then loads.
 */
const whens = [
  ['upcoming', messages.upcoming],
  ['past', messages.past],
] as const;

/** Lessons a page (api-spec.yaml `LessonsPage`). */
const PAGE_SIZE = 20;

interface MyLessonsProps {
  side: Side;
  when: When;
  page: number;
  onWhen: (when: When) => void;
  onPage: (page: number) => void;
  /** The page's read (`getStudentLessons` or `getTeacherBookings`). */
  list: { data?: LessonList; error?: unknown; refetch: () => unknown };
  timeZone: string;
  onTimeZone: (zone: string) => void;
  /** What the reader may do with a lesson (Pay, Move, Cancel). */
  actions: (lesson: Lesson) => ReactNode;
  /** Above the lists: the checkout's return. */
  notice?: ReactNode;
  /** Under the lists: the calendar feed. */
  calendar: ReactNode;
}

/**
 * My lessons, for either side: Upcoming and Past, 20 lessons a page with the previous and
 * next pages, each lesson in the viewer's zone (named, and changeable), and the calendar feed.
 * On a provider without lessons (404 or 405) one line says so.
 */
export function MyLessons({ side, when, page, onWhen, onPage, list, timeZone, onTimeZone, actions, notice, calendar }: MyLessonsProps) {
  const { data, error, refetch } = list;
  if (error !== undefined && isUnsupported(error)) {
    return (
      <PageHeading title={messages.myLessonsTitle}>
        <Typography>{messages.lessonsUnsupported}</Typography>
      </PageHeading>
    );
  }
  const whenName = when === 'upcoming' ? messages.upcoming : messages.past;
  const pages = data === undefined ? 1 : Math.max(1, Math.ceil(data.count / PAGE_SIZE));

  let lessons: ReactNode;
  if (data === undefined) {
    lessons = error ? (
      <LoadError message={errorText(error, messages.myLessonsFailed)} onRetry={() => void refetch()} />
    ) : (
      <RowsSkeleton label={messages.loadingMyLessons} rowHeight={120} />
    );
  } else if (data.lessons.length === 0) {
    lessons = <Typography>{when === 'upcoming' ? messages.noUpcoming : messages.noPast}</Typography>;
  } else {
    lessons = (
      <Stack component="ul" aria-label={messages.lessonsListLabel(whenName)} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.lessons.map((lesson) => (
          <LessonItem key={lesson.id} lesson={lesson} side={side} timeZone={timeZone} actions={actions(lesson)} />
        ))}
      </Stack>
    );
  }

  return (
    <PageHeading title={messages.myLessonsTitle}>
      <Stack spacing={3} sx={{ maxWidth: 760 }}>
        {notice}
        <ViewerTimeZone zone={timeZone} onChange={onTimeZone} />
        <Box>
          <Stack role="group" aria-label={messages.whenLabel} direction="row" spacing={1} sx={{ mb: 2 }}>
            {whens.map(([value, label]) => (
              <Button key={value} variant={value === when ? 'contained' : 'outlined'} aria-pressed={value === when} onClick={() => onWhen(value)}>
                {label}
              </Button>
            ))}
          </Stack>
          {lessons}
          {pages > 1 ? (
            <Stack component="nav" aria-label={messages.pagingLabel} direction="row" spacing={2} useFlexGap sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Button variant="outlined" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                {messages.previousPage}
              </Button>
              <Typography>{messages.pageOf(page, pages)}</Typography>
              <Button variant="outlined" disabled={page >= pages} onClick={() => onPage(page + 1)}>
                {messages.nextPage}
              </Button>
            </Stack>
          ) : null}
        </Box>
        {calendar}
      </Stack>
    </PageHeading>
  );
}
