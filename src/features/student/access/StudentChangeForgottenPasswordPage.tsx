import { PageHeading } from '@/components/PageHeading';

export function StudentChangeForgottenPasswordPage() {
  return <PageHeading title="Change Password" />;
}
