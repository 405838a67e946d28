import { PageHeading } from '@/components/PageHeading';

export function MyStudentsPage() {
  return <PageHeading title="All of my Students" />;
}
