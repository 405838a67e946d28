/**
 * Build-time configuration. webpack's DefinePlugin replaces each `process.env.X`
 * with the value given when the bundle was built (see README, "Configuration");
 * under Jest the same names are read from the test process environment.
 */
const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export const env = {
  /** Where the provider's HTTP API lives: same-origin `/api` or an absolute URL. */
  apiBase: process.env.API_BASE || '/api',
  stripePublishableKey: process.env.STRIPE_PUBLISHABLE_KEY || '',
  /** Origins the app may send the browser to for a hosted checkout (besides the API's own). */
  checkoutOrigins: list(process.env.CHECKOUT_ORIGINS || 'https://checkout.stripe.com'),
  /** The external form where teachers apply for approval. */
  teacherApplicationUrl: process.env.TEACHER_APPLICATION_URL || '',
  socialLinks: [
    { name: 'Facebook', url: process.env.SOCIAL_FACEBOOK_URL || '' },
    { name: 'Instagram', url: process.env.SOCIAL_INSTAGRAM_URL || '' },
    { name: 'X', url: process.env.SOCIAL_X_URL || '' },
    { name: 'YouTube', url: process.env.SOCIAL_YOUTUBE_URL || '' },
  ].filter((link) => link.url !== ''),
} as const;

/** The API base as an absolute URL, resolved against the page's origin. */
export const apiBaseUrl = (): URL => new URL(env.apiBase.replace(/\/?$/, '/'), window.location.origin);
