import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { useListCoursesQuery } from '@/api';
import { paths } from '@/config/paths';
import { messages } from '../messages';
import { CourseList } from '../ui/CourseList';
import { HomeSection } from './HomeSection';

/** How many popular courses the home page shows (spec section 9). */
export const POPULAR_COURSES_ON_HOME = 3;

export function PopularCoursesSection() {
  const { currentData, isError, refetch } = useListCoursesQuery({ result: POPULAR_COURSES_ON_HOME });
  return (
    <HomeSection title={messages.popularCoursesHeading}>
      <CourseList
        courses={currentData?.items}
        isError={isError}
        onRetry={refetch}
        headingLevel="h3"
        max={POPULAR_COURSES_ON_HOME}
        skeletons={POPULAR_COURSES_ON_HOME}
      />
      <Box sx={{ mt: 3 }}>
        <Button component={RouterLink} to={paths.allPopularCourses}>
          {messages.seeAllPopularCourses}
        </Button>
      </Box>
    </HomeSection>
  );
}
