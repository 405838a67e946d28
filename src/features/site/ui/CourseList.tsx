import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Course } from '@/api';
import { messages } from '../messages';
import { CourseCard, type HeadingLevel } from './CourseCard';
import { CardGrid } from '@/components/CardGrid';
import { LoadError } from '@/components/LoadError';

const cardSizes = { xs: 12, sm: 6, md: 4 } as const;

/** Placeholders in the shape of course cards while the courses load. */
export function CourseListSkeleton({ count, label = messages.loadingCourses }: { count: number; label?: string }) {
  return (
    <Grid container spacing={3} role="status" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <Grid key={index} size={cardSizes}>
          <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
          <Skeleton width="80%" sx={{ mt: 1.5 }} />
          <Skeleton width="50%" />
          <Skeleton width="60%" />
        </Grid>
      ))}
    </Grid>
  );
}

export interface CourseListProps {
  /** The courses of the current request; undefined while they load. */
  courses: Course[] | undefined;
  isError: boolean;
  onRetry: () => void;
  headingLevel: HeadingLevel;
  /** Shows at most this many courses. */
  max?: number;
  /** How many placeholders to show while loading. */
  skeletons?: number;
  emptyText?: string;
  showCategory?: boolean;
  /** False when the provider did not say how the courses are rated: the cards then leave ratings out. */
  showRatings?: boolean;
}

/** A grid of course cards with its loading, error and empty states. */
export function CourseList({
  courses,
  isError,
  onRetry,
  headingLevel,
  max,
  skeletons = 3,
  emptyText = messages.noCourses,
  showCategory,
  showRatings,
}: CourseListProps) {
  if (isError) return <LoadError message={messages.coursesLoadFailed} onRetry={onRetry} />;
  if (courses === undefined) return <CourseListSkeleton count={skeletons} />;
  if (courses.length === 0) return <Typography>{emptyText}</Typography>;
  return (
    <CardGrid
      items={courses.slice(0, max)}
      itemKey={(course) => course.id}
      size={cardSizes}
      renderItem={(course) => <CourseCard course={course} headingLevel={headingLevel} showCategory={showCategory} showRating={showRatings} />}
    />
  );
}
