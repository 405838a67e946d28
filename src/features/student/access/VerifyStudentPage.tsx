import { PageHeading } from '@/components/PageHeading';

export function VerifyStudentPage() {
  return <PageHeading title="Verify Your Account" />;
}
