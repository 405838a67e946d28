import { screen, within } from '@testing-library/react';
import { policyConstants } from '@/content/policies';
import { messages } from '@/features/site/messages';
import { renderApp } from '@test/render';
import { pageLoad } from './pageLoad';

async function openPage(route: string, title: string) {
  const view = renderApp({ route });
  await screen.findByRole('heading', { level: 1, name: title }, pageLoad);
  return view;
}

describe('about page', () => {
  it('shows the mission, vision, four values, the team and a join-us text', async () => {
    await openPage('/about', messages.aboutTitle);

    for (const heading of [messages.missionHeading, messages.visionHeading, messages.valuesHeading, messages.teamHeading, messages.joinUsHeading]) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    for (const value of ['Excellence', 'Innovation', 'Inclusivity', 'Community']) {
      expect(screen.getByRole('heading', { level: 3, name: value })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 3, name: 'Ngozi Adeyemi' })).toBeInTheDocument();
  });

  it("has an 'Explore Courses' button to /course", async () => {
    await openPage('/about', messages.aboutTitle);

    expect(screen.getByRole('link', { name: 'Explore Courses' })).toHaveAttribute('href', '/course');
  });
});

describe('policy pages', () => {
  const pages = [
    ['/terms_and_conditions', 'Terms and Conditions'],
    ['/payment_policy', 'Payment Policy'],
    ['/privacy', 'Privacy Policy'],
    ['/cookies', 'Cookie Policy'],
    ['/refund', 'Refund Policy'],
    ['/intellectual_property', 'Intellectual Property'],
  ] as const;

  it.each(pages)('%s shows its text, the effective date and the governing law', async (route, title) => {
    await openPage(route, title);

    const main = screen.getByRole('main');
    expect(within(main).getByText('Effective date: December 2, 2024')).toBeInTheDocument();
    expect(within(main).getByRole('heading', { level: 2, name: 'Governing law' })).toBeInTheDocument();
    expect(within(main).getByText(/governed by UK law/)).toBeInTheDocument();
  });

  it('terms and conditions set the minimum age at 13', async () => {
    await openPage('/terms_and_conditions', 'Terms and Conditions');

    expect(screen.getByText(/You must be at least 13 years old to create an account/)).toBeInTheDocument();
  });

  it('the refund policy asks for 24 hours notice and processes refunds in 5 to 7 working days', async () => {
    await openPage('/refund', 'Refund Policy');

    expect(screen.getByText(/give us at least 24 hours notice/)).toBeInTheDocument();
    expect(screen.getByText(/processed in 5 to 7 working days/)).toBeInTheDocument();
  });

  it('the payment policy charges a late fee of 10% after 3 days of non-payment', async () => {
    await openPage('/payment_policy', 'Payment Policy');

    expect(screen.getByText(/after 3 days of non-payment, a late fee of 10% of the amount due may apply/)).toBeInTheDocument();
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
  it('leads to the real catalogue: the provider\'s courses, not sample cards', async () => {
    await openPage('/course', messages.allCoursesTitle);

    expect(await screen.findByRole('heading', { name: 'Yoruba for Beginners' }, pageLoad)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pidgin Basics' })).toBeInTheDocument();
    expect(screen.queryByText('Spanish Conversation Starter')).not.toBeInTheDocument();
    expect(screen.queryByText(/per month/)).not.toBeInTheDocument();
  });
});
