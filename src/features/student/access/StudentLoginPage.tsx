import { PageHeading } from '@/components/PageHeading';

export function StudentLoginPage() {
  return <PageHeading title="Student Login" />;
}
