/**
 * Build-time configuration. webpack's DefinePlugin replaces each `process.env.X`
 * with the value given when the bundle was built (see docs/configuration.md);
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

/** A page rendered on the server (scripts/serve-dist.ts): whom it is for and how it reaches the provider. */
export interface ServerRender {
  /** The origin the browser loads the page from: media and API URLs in the HTML are resolved against it. */
  origin: string;
  /** Sends the render's provider calls (given URLs on `origin`). */
  fetch: typeof fetch;
}

let serverRender: ServerRender | null = null;

/** Sets (or clears, with null) the page being rendered on the server; one render at a time. */
export function setServerRender(render: ServerRender | null): void {
  serverRender = render;
}

function pageOrigin(): string {
  if (typeof window !== 'undefined') return window.location.origin;
  if (serverRender === null) throw new Error('Outside a browser the page origin comes from setServerRender()');
  return serverRender.origin;
}

let resolvedApiBase: { base: string; origin: string; url: URL } | undefined;

/**
 * The API base as an absolute URL, resolved against the page's origin: one URL while neither
 * changes (every call and every media path of an answer resolves against it), to be read, not changed.
 */
export function apiBaseUrl(): URL {
  const origin = pageOrigin();
  if (resolvedApiBase?.base !== env.apiBase || resolvedApiBase.origin !== origin) {
    resolvedApiBase = { base: env.apiBase, origin, url: new URL(env.apiBase.replace(/\/?$/, '/'), origin) };
  }
  return resolvedApiBase.url;
}

export { EARLY_READS_GLOBAL } from './earlyReadsGlobal';

/** Gives a request's answer when it was asked for already (src/app/earlyReads.ts), else null. */
type EarlyReadSource = (request: Request) => Promise<Response> | null;

let earlyReadSource: EarlyReadSource | null = null;

/** Sets where the browser's provider calls look for an answer asked for before the app started. */
export function setEarlyReadSource(source: EarlyReadSource | null): void {
  earlyReadSource = source;
}

/**
 * The fetch of provider calls: the server render's, or the browser's, which first takes the
 * answer of a read the shell started before the app's code arrived (once; see earlyReads.ts).
 */
export const providerFetch: typeof fetch = (input, init) => {
  if (serverRender) return serverRender.fetch(input, init);
  return (init === undefined && input instanceof Request && earlyReadSource?.(input)) || fetch(input, init);
};
