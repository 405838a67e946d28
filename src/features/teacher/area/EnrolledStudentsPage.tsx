import { PageHeading } from '@/components/PageHeading';

export function EnrolledStudentsPage() {
  return <PageHeading title="Enrolled Students List" />;
}
