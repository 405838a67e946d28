import { PageHeading } from '@/components/PageHeading';

export function MyTeachersPage() {
  return <PageHeading title="My Teachers" />;
}
