import { PageHeading } from '@/components/PageHeading';

export function StudentForgotPasswordPage() {
  return <PageHeading title="Forgot Password" />;
}
