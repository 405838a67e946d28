import type { LessonBooking } from '@/api';
import { CheckoutError, redirectToCheckoutUrl, redirectToStripeCheckout } from '@/features/courses/checkout';

/**
 * Sends the browser to a held lesson's checkout as Enroll Now does: its `url` when the provider
 * names one (on a trusted origin), else Stripe's for the session id. Throws a CheckoutError with
 * the text to show when it cannot.
 */
export async function goToLessonCheckout(checkout: NonNullable<LessonBooking['checkout']>): Promise<void> {
  if (checkout.url) redirectToCheckoutUrl(checkout.url);
  else await redirectToStripeCheckout(checkout.session_id);
}

export { CheckoutError };
