import { PageHeading } from '@/components/PageHeading';

export type PolicyKey =
  | 'terms_and_conditions'
  | 'payment_policy'
  | 'privacy'
  | 'cookies'
  | 'refund'
  | 'intellectual_property';

const titles: Record<PolicyKey, string> = {
  terms_and_conditions: 'Terms and Conditions',
  payment_policy: 'Payment Policy',
  privacy: 'Privacy Policy',
  cookies: 'Cookie Policy',
  refund: 'Refund Policy',
  intellectual_property: 'Intellectual Property',
};

export function PolicyPage({ policy }: { policy: PolicyKey }) {
  return <PageHeading title={titles[policy]} />;
}
