import { PageHeading } from '@/components/PageHeading';

export function AllTeachersPage() {
  return <PageHeading title="Our Teachers" />;
}
