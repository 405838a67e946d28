import { PageHeading } from '@/components/PageHeading';

export function ProfileSettingPage() {
  return <PageHeading title="Profile Setting" />;
}
