import { PageHeading } from '@/components/PageHeading';

export function ContactPage() {
  return <PageHeading title="Contact Us" />;
}
