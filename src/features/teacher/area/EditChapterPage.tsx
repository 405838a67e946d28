import { PageHeading } from '@/components/PageHeading';

export function EditChapterPage() {
  return <PageHeading title="Update Chapter" />;
}
