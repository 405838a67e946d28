import { PageHeading } from '@/components/PageHeading';

export function MyCoursesPage() {
  return <PageHeading title="My Courses" />;
}
