import { PageHeading } from '@/components/PageHeading';

export function AddAssignmentPage() {
  return <PageHeading title="Add Assignment" />;
}
