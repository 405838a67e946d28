import { screen } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { policyConstants } from '@/content/policies';
import { AboutPage } from '@/features/site/AboutPage';
import { PolicyPage, type PolicyKey } from '@/features/site/policies/PolicyPage';
import { renderApp, renderRoute } from '@test/render';
import { pageLoad } from './pageLoad';

describe('about page', () => {
  it("shows the mission, vision, four values, the team and a join-us text, with an 'Explore Courses' button to /course", async () => {
    renderRoute(patterns.about, <AboutPage />);
    await screen.findByRole('heading', { level: 1, name: 'About Us' }, pageLoad);

    for (const heading of ['Our Mission', 'Our Vision', 'Our Values', 'Our Team', 'Join Us']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    for (const value of ['Excellence', 'Innovation', 'Inclusivity', 'Community']) {
      expect(screen.getByRole('heading', { level: 3, name: value })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 3, name: 'Ngozi Adeyemi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore Courses' })).toHaveAttribute('href', '/course');
  });
});

describe('policy pages', () => {
  // Which page each address opens: routes.test.tsx.
  const pages: [pattern: string, policy: PolicyKey, title: string, particular: RegExp[]][] = [
    [patterns.termsAndConditions, 'terms_and_conditions', 'Terms and Conditions', [/You must be at least 13 years old to create an account/]],
    [patterns.paymentPolicy, 'payment_policy', 'Payment Policy', [/after 3 days of non-payment, a late fee of 10% of the amount due may apply/]],
    [patterns.privacy, 'privacy', 'Privacy Policy', []],
    [patterns.cookies, 'cookies', 'Cookie Policy', []],
    [patterns.refund, 'refund', 'Refund Policy', [/give us at least 24 hours notice/, /processed in 5 to 7 working days/]],
    [patterns.intellectualProperty, 'intellectual_property', 'Intellectual Property', []],
  ];

  it.each(pages)('%s shows its text, the effective date and the governing law', async (pattern, policy, title, particular) => {
    renderRoute(pattern, <PolicyPage policy={policy} />);

    expect(await screen.findByRole('heading', { level: 1, name: title }, pageLoad)).toBeInTheDocument();
    expect(screen.getByText('Effective date: December 2, 2024')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Governing law' })).toBeInTheDocument();
    expect(screen.getByText(/governed by UK law/)).toBeInTheDocument();
    // Terms: the minimum age of 13; refund: 24 hours notice, refunds in 5 to 7 working days; payment: the late fee.
    for (const text of particular) expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('keeps the constants of the specification', () => {
    expect(policyConstants).toEqual({
      minimumAge: 13,
      cancellationNoticeHours: 24,
      refundWorkingDays: '5 to 7',
      lateFeePercent: 10,
      lateFeeAfterDays: 3,
      effectiveDate: 'December 2, 2024',
      governingLaw: 'UK law',
    });
  });
});

describe('/course', () => {
  // The whole app: what /course leads to is the route table's business.
  it("leads to the real catalogue: the provider's courses, not sample cards", async () => {
    renderApp({ route: '/course' });
    await screen.findByRole('heading', { level: 1, name: 'Browse Courses' }, pageLoad);

    expect(await screen.findByRole('heading', { name: 'Yoruba for Beginners' }, pageLoad)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pidgin Basics' })).toBeInTheDocument();
    expect(screen.queryByText('Spanish Conversation Starter')).not.toBeInTheDocument();
    expect(screen.queryByText(/per month/)).not.toBeInTheDocument();
  });
});
