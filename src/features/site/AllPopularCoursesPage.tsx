import { PageHeading } from '@/components/PageHeading';

export function AllPopularCoursesPage() {
  return <PageHeading title="Popular Courses" />;
}
