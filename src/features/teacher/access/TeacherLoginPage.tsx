import { PageHeading } from '@/components/PageHeading';

export function TeacherLoginPage() {
  return <PageHeading title="Teacher Login" />;
}
