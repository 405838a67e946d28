import { PageHeading } from '@/components/PageHeading';

export function TeacherCoursesPage() {
  return <PageHeading title="My Courses" />;
}
