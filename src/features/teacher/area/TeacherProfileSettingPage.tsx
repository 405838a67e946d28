import { PageHeading } from '@/components/PageHeading';

export function TeacherProfileSettingPage() {
  return <PageHeading title="Profile Setting" />;
}
