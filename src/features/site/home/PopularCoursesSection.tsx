import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useDeferredValue, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useListCoursesQuery } from '@/api';
import { paths } from '@/config/paths';
import { messages } from '../messages';
import { CourseList } from '../ui/CourseList';
import { HomeSection } from './HomeSection';

/** How many popular courses the home page shows (spec section 9). */
export const POPULAR_COURSES_ON_HOME = 3;

export function PopularCoursesSection() {
  // Only what the section shows: the read's start (pending) does not render it again, in the task
  // of the hydration pass whose effects start it.
  const { currentData, isError, refetch } = useListCoursesQuery(
    { result: POPULAR_COURSES_ON_HOME },
    { selectFromResult: ({ currentData, isError }) => ({ currentData, isError }) },
  );
  // The page rendered per request comes with its courses (decision 0045). The prerendered one, its
  // fallback, has none: they arrive after it is on screen, and their cards, built for the first
  // time, are rendered in the background in slices the browser can interrupt (one task of about
  // 700 ms at 4× CPU when rendered with the store's update).
  const courses = useDeferredValue(currentData?.items);
  // The same list while the deferred courses are the same: the synchronous render in which the
  // store's answer replaces the prerendered page's (none) does not build the skeletons again.
  const list = useMemo(
    () => (
      <CourseList
        courses={courses}
        isError={isError}
        onRetry={refetch}
        headingLevel="h3"
        max={POPULAR_COURSES_ON_HOME}
        skeletons={POPULAR_COURSES_ON_HOME}
      />
    ),
    [courses, isError, refetch],
  );
  return (
    <HomeSection title={messages.popularCoursesHeading} heights={[1674, 701]}>
      {list}
      <Box sx={{ mt: 3 }}>
        <Button component={RouterLink} to={paths.allPopularCourses}>
          {messages.seeAllPopularCourses}
        </Button>
      </Box>
    </HomeSection>
  );
}
