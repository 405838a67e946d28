import { PageHeading } from '@/components/PageHeading';

export function AddCoursePage() {
  return <PageHeading title="Upload a Course" />;
}
