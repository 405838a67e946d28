import { PageHeading } from '@/components/PageHeading';

export function HomePage() {
  return <PageHeading title="Home" />;
}
