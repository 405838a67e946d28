import { PageHeading } from '@/components/PageHeading';

export function StudentRegisterPage() {
  return <PageHeading title="Student Registration" />;
}
