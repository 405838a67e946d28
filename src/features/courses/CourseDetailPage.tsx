import { PageHeading } from '@/components/PageHeading';

export function CourseDetailPage() {
  return <PageHeading title="Course Detail" />;
}
