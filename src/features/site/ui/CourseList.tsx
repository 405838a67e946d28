import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Course } from '@/api';
import { messages } from '../messages';
import { CourseCard, type HeadingLevel } from './CourseCard';
import { belowTheFold } from '@/components/belowTheFold';
import { CardGrid } from '@/components/CardGrid';
import { LoadError } from '@/components/LoadError';

const cardSizes = { xs: 12, sm: 6, md: 4 } as const;
/** A row of cards on a wide window (`cardSizes.md`): the first screenful. */
const CARDS_PER_WIDE_ROW = 3;
/** A list's rows past the first screen wait to be scrolled near (one card a row on a phone, three on a wide window). */
const cardCellSx = belowTheFold(475, 468);

/** One course card's placeholder, of the card's size: cover, category, title, rating, teacher, languages, price and button. */
function CourseCardSkeleton() {
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack spacing={1.25}>
          <Skeleton variant="rounded" width={88} height={24} />
          <Skeleton variant="text" width="80%" sx={{ fontSize: '1.25rem' }} />
          <Skeleton variant="text" width={120} />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Skeleton variant="circular" width={32} height={32} />
            <Skeleton variant="text" width="40%" />
          </Stack>
          <Skeleton variant="text" width="60%" />
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', px: 2, pb: 2 }}>
        <Skeleton variant="text" width={64} sx={{ fontSize: '1.25rem' }} />
        <Skeleton variant="rounded" width={120} height={36} />
      </CardActions>
    </Card>
  );
}

/** Placeholders of the course cards' size while the courses load, so that nothing moves when they arrive. */
export function CourseListSkeleton({ count, label = messages.loadingCourses }: { count: number; label?: string }) {
  return (
    <Grid container spacing={3} role="status" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <Grid key={index} size={cardSizes}>
          <CourseCardSkeleton />
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
  /**
   * How many covers load at once rather than when scrolled near (the first row on a wide window);
   * the first of them is fetched first when `firstIsLargest` (the list is the page's main content).
   */
  eagerImages?: number;
  firstIsLargest?: boolean;
  /** The page's main list, prerendered: its rows after the first screenful hydrate in later passes (CardGrid's `hydrationStep`). */
  hydrateInSteps?: boolean;
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
  eagerImages = 3,
  firstIsLargest = false,
  hydrateInSteps = false,
}: CourseListProps) {
  if (isError) return <LoadError message={messages.coursesLoadFailed} onRetry={onRetry} />;
  if (courses === undefined) return <CourseListSkeleton count={skeletons} />;
  if (courses.length === 0) return <Typography>{emptyText}</Typography>;
  return (
    <CardGrid
      items={courses.slice(0, max)}
      itemKey={(course) => course.id}
      size={cardSizes}
      itemSx={cardCellSx}
      hydrationStep={hydrateInSteps ? CARDS_PER_WIDE_ROW : undefined}
      renderItem={(course, index) => (
        <CourseCard
          course={course}
          headingLevel={headingLevel}
          showCategory={showCategory}
          showRating={showRatings}
          image={index === 0 && firstIsLargest ? 'first' : index < eagerImages ? 'eager' : 'lazy'}
        />
      )}
    />
  );
}
