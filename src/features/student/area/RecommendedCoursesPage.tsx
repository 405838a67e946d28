import { PageHeading } from '@/components/PageHeading';

export function RecommendedCoursesPage() {
  return <PageHeading title="Recommended Courses" />;
}
