import { apiBaseUrl, env } from '@/config/env';
import { messages } from './messages';
import { redirectTo } from './redirectTo';

/** A checkout that could not be opened, with the text to show the user. */
export class CheckoutError extends Error {}

function originOf(address: string): string | null {
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

/** The origins a checkout may live on: the configured ones, the API's and the app's own. */
function allowedOrigins(): Set<string> {
  const configured = env.checkoutOrigins.map(originOf).filter((origin): origin is string => origin !== null);
  return new Set([...configured, apiBaseUrl().origin, window.location.origin]);
}

/**
 * The checkout page the provider named, resolved against the current page, or null when it is
 * not an http(s) address on an allowed origin (so a tampered answer cannot send the user anywhere).
 */
function trustedCheckoutUrl(url: string): URL | null {
  let target: URL;
  try {
    target = new URL(url, window.location.href);
  } catch {
    return null;
  }
  const isWeb = target.protocol === 'https:' || target.protocol === 'http:';
  return isWeb && allowedOrigins().has(target.origin) ? target : null;
}

/** Sends the browser to the provider's checkout page, or throws when its address is not trusted. */
export function redirectToCheckoutUrl(url: string): void {
  const target = trustedCheckoutUrl(url);
  if (target === null) throw new CheckoutError(messages.checkoutRefused);
  redirectTo(target.href);
}

/** Loads Stripe.js and asks it to open the checkout; resolves with Stripe's error, if it gives one. */
async function openStripeCheckout(sessionId: string): Promise<string | undefined> {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  const stripe = await loadStripe(env.stripePublishableKey);
  if (stripe === null) throw new Error('Stripe.js is not available');
  const { error } = await stripe.redirectToCheckout({ sessionId });
  return error === undefined ? undefined : (error.message ?? messages.stripeFailed);
}

/**
 * Opens Stripe's hosted checkout for a session id. Stripe.js is loaded here, on the click that
 * needs it, never on page load. Throws a CheckoutError when no key is configured or Stripe fails.
 */
export async function redirectToStripeCheckout(sessionId: string): Promise<void> {
  if (env.stripePublishableKey === '') throw new CheckoutError(messages.checkoutUnavailable);
  let stripeError: string | undefined;
  try {
    stripeError = await openStripeCheckout(sessionId);
  } catch {
    throw new CheckoutError(messages.stripeFailed);
  }
  if (stripeError !== undefined) throw new CheckoutError(stripeError);
}
