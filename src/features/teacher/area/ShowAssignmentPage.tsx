import { PageHeading } from '@/components/PageHeading';

export function ShowAssignmentPage() {
  return <PageHeading title="All Assignments" />;
}
