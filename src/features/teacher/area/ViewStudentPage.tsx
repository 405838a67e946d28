import { PageHeading } from '@/components/PageHeading';

export function ViewStudentPage() {
  return <PageHeading title="Student" />;
}
