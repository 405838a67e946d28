import { PageHeading } from '@/components/PageHeading';

export function EditCoursePage() {
  return <PageHeading title="Edit Course" />;
}
