import { PageHeading } from '@/components/PageHeading';

export function AddChapterPage() {
  return <PageHeading title="Add Chapter" />;
}
