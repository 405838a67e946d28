import { PageHeading } from '@/components/PageHeading';

export function MyAssignmentsPage() {
  return <PageHeading title="My Assignments" />;
}
