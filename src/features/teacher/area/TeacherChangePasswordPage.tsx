import { PageHeading } from '@/components/PageHeading';

export function TeacherChangePasswordPage() {
  return <PageHeading title="Change Password" />;
}
