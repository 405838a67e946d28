import { PageHeading } from '@/components/PageHeading';

export function AllCoursesPage() {
  return <PageHeading title="Browse Courses" />;
}
