import { PageHeading } from '@/components/PageHeading';

export function TeacherRegisterPage() {
  return <PageHeading title="Teacher Registration" />;
}
