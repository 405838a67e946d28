import { PageHeading } from '@/components/PageHeading';

export function CourseChaptersPage() {
  return <PageHeading title="All Chapters" />;
}
