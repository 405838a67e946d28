import { PageHeading } from '@/components/PageHeading';

export function StudentDashboardPage() {
  return <PageHeading title="Dashboard" />;
}
