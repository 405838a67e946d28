import { PageHeading } from '@/components/PageHeading';

export function TeacherForgotPasswordPage() {
  return <PageHeading title="Forgot Password" />;
}
