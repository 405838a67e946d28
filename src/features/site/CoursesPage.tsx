import { PageHeading } from '@/components/PageHeading';

export function CoursesPage() {
  return <PageHeading title="All Courses" />;
}
