import { PageHeading } from '@/components/PageHeading';

export function VerifyTeacherPage() {
  return <PageHeading title="Verify Your Account" />;
}
