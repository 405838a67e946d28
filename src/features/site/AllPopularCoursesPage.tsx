import { useListCoursesQuery } from '@/api';
import { PageHeading } from '@/components/PageHeading';
import { messages } from './messages';
import { CourseList } from './ui/CourseList';

/** How many courses the popular list shows. */
const POPULAR_COURSES = 12;

/**
 * /all-popular-courses: the most popular courses, the most enrolled first (`sort=popular`, which the
 * app also applies when the provider ignores it and sends its whole list).
 */
export function AllPopularCoursesPage() {
  const { currentData, isError, refetch } = useListCoursesQuery({ result: POPULAR_COURSES, sort: 'popular' });
  return (
    <PageHeading title={messages.popularCoursesTitle}>
      <CourseList courses={currentData?.items} isError={isError} onRetry={refetch} headingLevel="h2" max={POPULAR_COURSES} skeletons={6} firstIsLargest />
    </PageHeading>
  );
}
