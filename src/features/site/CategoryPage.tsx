import { PageHeading } from '@/components/PageHeading';

export function CategoryPage() {
  return <PageHeading title="Category" />;
}
