import { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { randomToken } from './auth';
import { type ProviderConfig } from './config';
import { type ProviderContext } from './context';
import { type Queries } from './database';
import { now } from './db';
import { HttpError, badRequest, notFound } from './errors';
import { isAllowedOrigin, ownOrigin, requestOrigin } from './origins';
import { formatMoney, recordPayment, toMinorUnits } from './receipts';
import { type CourseRow, isEnrolled, isFree } from './records';
import { apiBase } from './router';
import { type CheckoutSessionRow } from './rows.generated';
import { type StripePayments, stripeCheckoutLifetimeMs } from './stripePayments';
import { hasValidToken, xsrfFieldName } from './xsrf';

/**
 * Where a checkout started by `request` sends the browser back: nowhere else than the app's page
 * it came from. Root-relative ('') when the browser's `Origin` is the provider's own (the app and
 * the provider share an origin, through the dev server's or a reverse proxy); that origin when it
 * is the configured app origin; else (no `Origin`: not a browser) the configured base.
 */
export function returnBaseOf(request: FastifyRequest, config: Pick<ProviderConfig, 'appOrigin' | 'appBase'>): string {
  const origin = requestOrigin(request);
  if (origin !== null && origin === ownOrigin(request)) return '';
  if (origin !== null && isAllowedOrigin(request, origin, [config.appOrigin])) return origin;
  return config.appBase;
}

const alreadyEnrolled = 'You are already enrolled in this course.';

export interface PaymentSession {
  session_id: string;
  url: string;
}

/**
 * A stand-in for a card provider's hosted checkout: `start` opens a session whose page
 * (`/api/checkout/{id}`) offers Pay and Cancel; paying records the enrolment.
 *
 * Several provider instances may share the database (read committed on PostgreSQL): the writes
 * themselves decide who wins. A checkout goes from open to paid or cancelled by an UPDATE that
 * still finds it open, an enrolment is an INSERT that the unique (course, student) pair lets in
 * once, and a student's one open checkout per course is a unique index (migration 16).
 */
export class Checkout {
  constructor(
    private readonly context: ProviderContext,
    /** Stripe Checkout (STRIPE_SECRET_KEY), or null: this local test checkout, which charges nothing. */
    readonly stripe: StripePayments | null = null,
  ) {}

  /**
   * Opens a checkout; `returnBase` (see `returnBaseOf`) prefixes the redirects back to the app.
   * A student has at most one open checkout per course: a second Enroll Now (another tab) gets
   * the open one back, unless the price has changed since (that one is then cancelled). With
   * Stripe (`stripe`), the open checkout's Checkout Session at Stripe is answered instead of the
   * local page; `returnBase` must then be absolute, and `log` hears Stripe's failures.
   */
  async start(studentId: number, course: CourseRow, returnBase: string, log: FastifyBaseLogger): Promise<PaymentSession> {
    const { stripe } = this;
    // A refusal is answered after the transaction, which has written nothing then.
    const started = await this.context.queries.transaction(async (tx): Promise<PaymentSession | CheckoutSessionRow | null> => {
      if (await isEnrolled(tx, studentId, course.id)) return null;
      const sessionId = `cs_local_${randomToken(24)}`;
      if (isFree(course.price)) {
        // The enrolment decides: two at once enrol once, and the second hears it is enrolled.
        if (!(await enrol(tx, studentId, course.id))) return null;
        await tx.run(sql`UPDATE checkout_sessions SET status = 'cancelled' WHERE student_id = ${studentId} AND course_id = ${course.id} AND status = 'open'`);
        await tx.run(
          sql`INSERT INTO checkout_sessions (id, course_id, student_id, amount, status, created_at, return_base)
              VALUES (${sessionId}, ${course.id}, ${studentId}, '0.00', 'paid', ${now()}, ${returnBase})`,
        );
        return { session_id: sessionId, url: this.returnUrl(returnBase, course.id, 'success') };
      }
      const open = await openCheckout(tx, studentId, course.id);
      if (open !== undefined) {
        // At Stripe a session (and its idempotency key) lasts a day: an older one is not resumed.
        const expired = stripe !== null && Date.now() - Date.parse(open.created_at) > stripeCheckoutLifetimeMs;
        if (open.amount === course.price && !expired) return this.reopen(tx, open, returnBase);
        await tx.run(sql`UPDATE checkout_sessions SET status = 'cancelled' WHERE id = ${open.id} AND status = 'open'`);
      }
      const opened = await tx.run(
        sql`INSERT INTO checkout_sessions (id, course_id, student_id, amount, status, created_at, return_base)
            VALUES (${sessionId}, ${course.id}, ${studentId}, ${course.price as string}, 'open', ${now()}, ${returnBase})
            ON CONFLICT DO NOTHING`,
      );
      if (opened === 0) {
        // Another Enroll Now opened one at the same moment (the one open checkout's unique index): that one.
        const other = await openCheckout(tx, studentId, course.id);
        if (other !== undefined) return this.reopen(tx, other, returnBase);
        throw new Error('A checkout could not be opened.');
      }
      return find(tx, sessionId);
    });
    if (started === null) throw badRequest(alreadyEnrolled);
    if ('session_id' in started) return started;
    if (stripe === null) return { session_id: started.id, url: `${apiBase}/checkout/${started.id}` };
    return stripe.sessionFor(started, course, log);
  }

  /**
   * Records the payment and the enrolment, together or not at all; paying the same checkout twice
   * (or from two tabs at once) charges and enrols once. Paying for a course the student already
   * has (an open checkout of before migration 16, or one overtaken by an enrolment) is refused
   * without a charge, and that checkout is cancelled. Returns where to send the browser.
   */
  async pay(sessionId: string): Promise<string> {
    // As in `start`, refusals are answered after the transaction has committed.
    const outcome = await this.context.queries.transaction(async (tx) => {
      // Only the one that still finds it open pays it: a second Pay waits for the first and finds it paid.
      const charged = await tx.run(sql`UPDATE checkout_sessions SET status = 'paid' WHERE id = ${sessionId} AND status = 'open'`);
      const session = await findCheckout(tx, sessionId);
      if (charged === 0 || session === undefined) return { session, refused: session?.status === 'cancelled' ? cancelledCheckout : null };
      if (await enrol(tx, session.student_id, (session.course_id as number))) {
        // Nothing was charged, but the academy keeps the record and the student the receipt, as after Stripe.
        const { currency } = this.context.config;
        await recordPayment(this.context, tx, {
          studentId: session.student_id,
          courseId: session.course_id as number,
          method: 'local',
          amountMinor: toMinorUnits(session.amount, currency),
          currency,
          checkoutId: session.id,
          paidAt: now(),
        });
        return { session, refused: null };
      }
      await tx.run(sql`UPDATE checkout_sessions SET status = 'cancelled' WHERE id = ${session.id}`);
      return { session, refused: `${alreadyEnrolled} This checkout was not charged.` };
    });
    if (outcome.session === undefined) throw checkoutNotFound();
    if (outcome.refused !== null) throw badRequest(outcome.refused);
    this.context.outbox.wake();
    await this.context.notifications.enrolled(outcome.session.student_id, (outcome.session.course_id as number));
    return this.returnUrl(this.baseOf(outcome.session), (outcome.session.course_id as number), 'success');
  }

  /** Cancels an open checkout (again: harmless); a paid one stays paid, whatever Pay did at the same moment. */
  async cancel(sessionId: string): Promise<string> {
    const { queries } = this.context;
    await queries.run(sql`UPDATE checkout_sessions SET status = 'cancelled' WHERE id = ${sessionId} AND status <> 'paid'`);
    const session = await find(queries, sessionId);
    if (session.status === 'paid') throw badRequest('This checkout has already been paid.');
    return this.returnUrl(this.baseOf(session), (session.course_id as number), 'cancel');
  }

  /** The origin the session's redirects go to, for the page's `form-action` ('' when the same as the page's). */
  async returnOrigin(sessionId: string): Promise<string> {
    return this.baseOf(await find(this.context.queries, sessionId));
  }

  async page(sessionId: string, xsrfToken: string): Promise<string> {
    const { queries } = this.context;
    const session = await find(queries, sessionId);
    const course = (await queries.one(sql<Pick<CourseRow, 'title'>>`SELECT title FROM courses WHERE id = ${session.course_id}`)) as Pick<CourseRow, 'title'>;
    return renderCheckoutPage({
      action: `${apiBase}/checkout/${encodeURIComponent(session.id)}`,
      courseTitle: course.title,
      amount: formatMoney(toMinorUnits(session.amount, this.context.config.currency), this.context.config.currency),
      status: session.status,
      // Nothing to pay for: the student has the course already (Pay would be refused).
      enrolled: session.status === 'open' && (await isEnrolled(queries, session.student_id, (session.course_id as number))),
      xsrfToken,
      backUrl: this.returnUrl(this.baseOf(session), (session.course_id as number), session.status === 'paid' ? 'success' : 'cancel'),
    });
  }

  /**
   * The open checkout `open` for another Enroll Now, its redirects now going to `returnBase`. At
   * Stripe they stay where they were: the session asked for, or to be asked again with the same
   * idempotency key, carries the first ones.
   */
  private async reopen(tx: Queries, open: CheckoutSessionRow, returnBase: string): Promise<CheckoutSessionRow> {
    if (this.stripe !== null) return open;
    await tx.run(sql`UPDATE checkout_sessions SET return_base = ${returnBase} WHERE id = ${open.id}`);
    return { ...open, return_base: returnBase };
  }

  private baseOf(session: CheckoutSessionRow): string {
    return session.return_base ?? this.context.config.appBase;
  }

  private returnUrl(base: string, courseId: number, outcome: 'success' | 'cancel'): string {
    return `${base}/detail/${courseId}?checkout=${outcome}`;
  }
}

const cancelledCheckout = 'This checkout was cancelled; start a new one from the course page.';

function findCheckout(queries: Queries, sessionId: string): Promise<CheckoutSessionRow | undefined> {
  return queries.one(sql<CheckoutSessionRow>`SELECT * FROM checkout_sessions WHERE id = ${sessionId}`);
}

const checkoutNotFound = () => notFound('Checkout session not found.');

async function find(queries: Queries, sessionId: string): Promise<CheckoutSessionRow> {
  const session = await findCheckout(queries, sessionId);
  if (!session) throw checkoutNotFound();
  return session;
}

function openCheckout(queries: Queries, studentId: number, courseId: number): Promise<CheckoutSessionRow | undefined> {
  return queries.one(
    sql<CheckoutSessionRow>`SELECT * FROM checkout_sessions WHERE student_id = ${studentId} AND course_id = ${courseId} AND status = 'open'`,
  );
}

/** Enrols the student; false when they were enrolled already (the unique pair decides, however many try at once). */
export async function enrol(queries: Queries, studentId: number, courseId: number): Promise<boolean> {
  const added = await queries.run(
    sql`INSERT INTO enrollments (course_id, student_id, enrolled_at) VALUES (${courseId}, ${studentId}, ${now()})
        ON CONFLICT (course_id, student_id) DO NOTHING`,
  );
  return added === 1;
}

/**
 * The checkout page and its Pay/Cancel forms. Plain HTML forms cannot send the
 * X-XSRF-TOKEN header, so they carry the token in a hidden field, checked against
 * the cookie (the same double-submit rule as the header).
 */
export function registerCheckoutRoutes(app: FastifyInstance, checkout: Checkout, appOrigin: string): void {
  // The forms post to this page's origin, whose answer redirects to where the checkout started
  // (Chrome holds form redirects to form-action too).
  const securityHeaders = (returnOrigin: string) => ({
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${[
      ...new Set([appOrigin, returnOrigin].filter(Boolean)),
    ].join(' ')}; frame-ancestors 'none'`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });

  app.get<{ Params: { session_id: string } }>(`${apiBase}/checkout/:session_id`, async (request, reply) => {
    const html = await checkout.page(request.params.session_id, request.xsrfToken);
    const headers = securityHeaders(await checkout.returnOrigin(request.params.session_id));
    return reply.headers(headers).type('text/html; charset=utf-8').send(html);
  });

  for (const [action, run] of [
    ['pay', (id: string) => checkout.pay(id)],
    ['cancel', (id: string) => checkout.cancel(id)],
  ] as const) {
    app.post<{ Params: { session_id: string }; Body: Record<string, unknown> | undefined }>(
      `${apiBase}/checkout/:session_id/${action}`,
      { config: { xsrf: 'form-field' } },
      async (request, reply) => {
        if (!hasValidToken(request, request.body?.[xsrfFieldName])) {
          throw new HttpError(403, 'Missing or invalid XSRF token.');
        }
        return reply.redirect(await run(request.params.session_id), 303);
      },
    );
  }
}

interface CheckoutPage {
  action: string;
  courseTitle: string;
  amount: string;
  status: CheckoutSessionRow['status'];
  enrolled: boolean;
  xsrfToken: string;
  backUrl: string;
}

function renderCheckoutPage(page: CheckoutPage): string {
  const token = `<input type="hidden" name="${xsrfFieldName}" value="${escapeHtml(page.xsrfToken)}">`;
  const body = page.enrolled
    ? `<p role="status">${alreadyEnrolled} Nothing will be charged.</p>
      <p><a href="${escapeHtml(page.backUrl)}">Back to the course</a></p>`
    : page.status === 'open'
      ? `<p class="note" role="note"><strong>This is a test page: it charges nothing.</strong> No card is asked for and no money is taken; Pay enrols you as a payment would, and you get a receipt marked as a test.</p>
      <div class="actions">
        <form method="post" action="${escapeHtml(page.action)}/pay">${token}
          <button type="submit" class="pay">Pay ${escapeHtml(page.amount)}</button>
        </form>
        <form method="post" action="${escapeHtml(page.action)}/cancel">${token}
          <button type="submit" class="cancel">Cancel</button>
        </form>
      </div>`
      : `<p role="status">This checkout has already been ${page.status === 'paid' ? 'paid' : 'cancelled'}.</p>
      <p><a href="${escapeHtml(page.backUrl)}">Back to the course</a></p>`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Checkout: ${escapeHtml(page.courseTitle)} | Language Academy</title>
    <style>
      body { margin: 0; font-family: system-ui, sans-serif; background: #f4f5f7; color: #1a1a1a; }
      main { max-width: 32rem; margin: 3rem auto; padding: 2rem; background: #ffffff; border-radius: 8px;
             box-shadow: 0 1px 4px rgba(0, 0, 0, 0.15); }
      h1 { margin-top: 0; font-size: 1.75rem; }
      dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.5rem 1rem; }
      dt { font-weight: 600; }
      dd { margin: 0; }
      .note { color: #444444; }
      .actions { display: flex; gap: 1rem; margin-top: 1.5rem; }
      button { font: inherit; font-weight: 600; padding: 0.75rem 1.5rem; border-radius: 6px; cursor: pointer; }
      .pay { background: #0b5394; color: #ffffff; border: 2px solid #0b5394; }
      .cancel { background: #ffffff; color: #1a1a1a; border: 2px solid #1a1a1a; }
      button:focus-visible, a:focus-visible { outline: 3px solid #b35c00; outline-offset: 2px; }
      a { color: #0b5394; }
    </style>
  </head>
  <body>
    <main>
      <h1>Checkout</h1>
      <dl>
        <dt>Course</dt><dd>${escapeHtml(page.courseTitle)}</dd>
        <dt>Price</dt><dd>${escapeHtml(page.amount)}</dd>
      </dl>
      ${body}
    </main>
  </body>
</html>
`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
