import { PageHeading } from '@/components/PageHeading';

export function TeacherDetailPage() {
  return <PageHeading title="Teacher" />;
}
