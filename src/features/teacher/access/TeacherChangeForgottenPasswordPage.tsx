import { PageHeading } from '@/components/PageHeading';

export function TeacherChangeForgottenPasswordPage() {
  return <PageHeading title="Change Password" />;
}
