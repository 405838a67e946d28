import { PageHeading } from '@/components/PageHeading';

export function TeacherDashboardPage() {
  return <PageHeading title="Teacher Dashboard" />;
}
