import { skipToken } from '@reduxjs/toolkit/query/react';
import { useParams } from 'react-router-dom';
import { useListCategoriesQuery, useListCoursesQuery } from '@/api';
import { NotFoundScreen } from '@/components/NotFoundScreen';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { messages } from './messages';
import { CatalogueFilters } from './ui/CatalogueFilters';
import { slugify } from './ui/courseLinks';
import { CourseList, CourseListSkeleton } from './ui/CourseList';
import { CourseOrderControls, useCourseListChoices } from './ui/CourseOrderControls';
import { NoMatchingCourses } from './ui/NoMatchingCourses';
import { ListPager } from './ui/ListPager';
import { COURSES_PER_PAGE, usePage } from './ui/usePage';
import { LoadError } from '@/components/LoadError';

/**
 * /category/{category_slug}: the category whose title slugifies to the slug, with its courses a page
 * at a time (`?page=`), in the order and with the Free only filter of the address (`?sort=&free=1`),
 * as /all-courses.
 */
export function CategoryPage() {
  const { category_slug: slug = '' } = useParams();
  const categories = useListCategoriesQuery();
  const category = categories.currentData?.find((item) => slugify(item.title) === slug);
  const { page, limit, offset, hrefOf } = usePage(COURSES_PER_PAGE);
  const { free, sort, setChoice, clearFilters, keepOnly } = useCourseListChoices();
  const courses = useListCoursesQuery(category ? { category: category.id, free: free || undefined, sort, limit, offset } : skipToken);

  if (categories.isError) {
    return (
      <PageHeading title={messages.categoryTitle}>
        <LoadError message={messages.categoriesLoadFailed} onRetry={categories.refetch} />
      </PageHeading>
    );
  }
  if (categories.currentData === undefined) {
    return (
      <PageHeading title={messages.categoryTitle}>
        <CourseListSkeleton count={3} label={messages.loadingCategory} />
      </PageHeading>
    );
  }
  if (!category) {
    return (
      <NotFoundScreen
        title={messages.categoryNotFound}
        text={messages.categoryNotFoundText}
        actionLabel={messages.browseAllCourses}
        actionTo={paths.allCourses}
      />
    );
  }
  return (
    <PageHeading title={category.title}>
      <CatalogueFilters applied={[free, sort !== undefined].filter(Boolean).length} total={courses.currentData?.total} onClearAll={() => keepOnly()}>
        <CourseOrderControls sort={sort} free={free} onChoice={setChoice} />
      </CatalogueFilters>
      {free && courses.currentData?.total === 0 ? (
        <NoMatchingCourses onClear={clearFilters} />
      ) : (
        <CourseList
          courses={courses.currentData?.items}
          isError={courses.isError}
          onRetry={courses.refetch}
          headingLevel="h2"
          showCategory={false}
          firstIsLargest
        />
      )}
      <ListPager page={page} pageSize={COURSES_PER_PAGE} total={courses.currentData?.total} label={messages.coursePages} hrefOf={hrefOf} />
    </PageHeading>
  );
}
