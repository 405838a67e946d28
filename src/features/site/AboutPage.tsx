import { PageHeading } from '@/components/PageHeading';

export function AboutPage() {
  return <PageHeading title="About Us" />;
}
