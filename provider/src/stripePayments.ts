/**
 * Card payments through Stripe Checkout (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET).
 * `create-payment-session/` makes a Checkout Session for the student's open checkout row
 * (checkout.ts), with an idempotency key derived from that row: a retry, or a second Enroll Now,
 * gets the same session back and never a second one. The enrolment happens when Stripe's signed
 * `checkout.session.completed` event arrives at `POST /api/stripe-webhook/`, never because the
 * browser came back: the event's id is recorded (a unique key: handled once, whichever instance
 * gets it and however often Stripe repeats it), then the payment, the enrolment and the receipt
 * mail are written in one transaction.
 */
import { type FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
// The types of the ES module `open` imports (those of the CommonJS one are other, alike types).
import type Stripe from 'stripe' with { 'resolution-mode': 'import' };
import { enrol } from './checkout';
import { type StripeConfig } from './config';
import { type ProviderContext } from './context';
import { now } from './db';
import { HttpError, badRequest } from './errors';
import { recordPayment, toMinorUnits } from './receipts';
import { type CheckoutSessionRow, type CourseRow } from './rows.generated';

/** What `create-payment-session/` answers. */
export interface HostedCheckout {
  session_id: string;
  url: string;
}

/**
 * Stripe keeps an idempotency key for 24 hours and a Checkout Session open for 24 hours by
 * default: an open checkout older than this gets a new row (and so a new key and session).
 */
export const stripeCheckoutLifetimeMs = 23 * 60 * 60 * 1000;

export class StripePayments {
  /** Payments on `config`'s account; the SDK (about 0.3 s to load) is loaded only for one. */
  static async open(context: ProviderContext, config: StripeConfig): Promise<StripePayments> {
    const { default: StripeClient } = await import('stripe');
    const stripe = new StripeClient(config.secretKey, {
      ...(config.api ?? {}),
      // A retry repeats the idempotency key: never a second session.
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'language-academy-provider' },
    });
    return new StripePayments(context, config, stripe);
  }

  private constructor(
    private readonly context: ProviderContext,
    private readonly config: StripeConfig,
    private readonly stripe: Stripe,
  ) {}

  /**
   * The Checkout Session of the open checkout `row`: the one made before, or a new one. Its
   * redirects go back to the course page on the row's origin (`return_base`, absolute), which
   * stays as it was when the first session was asked for: the same key must come with the same
   * request, or Stripe refuses it.
   */
  async sessionFor(row: CheckoutSessionRow, course: Pick<CourseRow, 'id' | 'title'>, log: FastifyBaseLogger): Promise<HostedCheckout> {
    if (row.stripe_session_id && row.stripe_url) return { session_id: row.stripe_session_id, url: row.stripe_url };
    const { currency } = this.context.config;
    const base = row.return_base || this.context.config.appOrigin;
    const metadata = { student_id: String(row.student_id), course_id: String(row.course_id), checkout_id: row.id };
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [{ quantity: 1, price_data: { currency, unit_amount: toMinorUnits(row.amount, currency), product_data: { name: course.title } } }],
          metadata,
          payment_intent_data: { metadata },
          client_reference_id: row.id,
          success_url: `${base}/detail/${course.id}?checkout=success`,
          cancel_url: `${base}/detail/${course.id}?checkout=cancel`,
        },
        { idempotencyKey: `checkout-${row.id}` },
      );
    } catch (error) {
      log.error({ err: error, checkout: row.id }, 'stripe: the checkout session could not be made');
      // Stripe keeps a server error's answer for its key (and refuses the key with other
      // parameters): this checkout's key is spent, the next Enroll Now opens a new checkout. A
      // connection lost or a refusal of the request keeps it, so a session Stripe may have made is
      // asked for again rather than made twice.
      const { type } = (error ?? {}) as { type?: string };
      if (type === 'StripeAPIError' || type === 'StripeIdempotencyError') {
        await this.context.queries.run(sql`UPDATE checkout_sessions SET status = 'cancelled' WHERE id = ${row.id} AND status = 'open' AND stripe_session_id IS NULL`);
      }
      throw new HttpError(502, 'The payment provider could not open a checkout. Please try again in a moment.');
    }
    if (!session.url) throw new HttpError(502, 'The payment provider answered without a checkout page. Please try again in a moment.');
    // Another instance may have stored the same session (the same key) meanwhile: either write is the same.
    await this.context.queries.run(
      sql`UPDATE checkout_sessions SET stripe_session_id = ${session.id}, stripe_url = ${session.url} WHERE id = ${row.id} AND stripe_session_id IS NULL`,
    );
    return { session_id: session.id, url: session.url };
  }

  /** The event in `body` if Stripe signed it (`Stripe-Signature`, checked on these exact bytes); else 400. */
  verify(body: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw badRequest('The Stripe-Signature header is missing.');
    try {
      return this.stripe.webhooks.constructEvent(body, signature, this.config.webhookSecret);
    } catch {
      throw badRequest('The Stripe signature of this event is wrong or too old.');
    }
  }

  /** Handles one verified event; what it did, for the log. */
  async handle(event: Stripe.Event, log: FastifyBaseLogger): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
        if (event.data.object.payment_status !== 'paid') {
          // Paid later (a bank transfer): `async_payment_succeeded` enrols then.
          log.info({ event: event.id, session: event.data.object.id }, 'stripe: checkout completed, not paid yet');
          return;
        }
        return this.paid(event, event.data.object, log);
      case 'checkout.session.async_payment_succeeded':
        return this.paid(event, event.data.object, log);
      case 'checkout.session.expired':
        await this.context.queries.run(
          sql`UPDATE checkout_sessions SET status = 'cancelled' WHERE stripe_session_id = ${event.data.object.id} AND status = 'open'`,
        );
        return;
      default:
        log.info({ event: event.id, type: event.type }, 'stripe: event ignored');
    }
  }

  private async paid(event: Stripe.Event, session: Stripe.Checkout.Session, log: FastifyBaseLogger): Promise<void> {
    const studentId = Number(session.metadata?.student_id);
    const courseId = Number(session.metadata?.course_id);
    const details = { event: event.id, session: session.id, student: studentId, course: courseId };
    const outcome = await this.context.queries.transaction(async (tx) => {
      // A session without our metadata (another of the account's products) names no one: never bound as NaN.
      if (!Number.isSafeInteger(studentId) || !Number.isSafeInteger(courseId)) return 'gone' as const;
      const student = await tx.one(sql`SELECT 1 AS found FROM students WHERE id = ${studentId}`);
      const course = await tx.one(sql`SELECT 1 AS found FROM courses WHERE id = ${courseId}`);
      if (!student || !course) return 'gone' as const;
      // The event's id first: a second delivery (or another instance's, waiting on this key) stops here.
      const first = await tx.run(sql`INSERT INTO stripe_events (id, type, received_at) VALUES (${event.id}, ${event.type}, ${now()}) ON CONFLICT DO NOTHING`);
      if (first === 0) return 'repeated' as const;
      const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
      const recorded = await recordPayment(this.context, tx, {
        studentId,
        courseId,
        method: 'stripe',
        amountMinor: session.amount_total ?? 0,
        currency: session.currency ?? this.context.config.currency,
        checkoutId: session.client_reference_id,
        stripeSessionId: session.id,
        stripePaymentIntent: paymentIntent,
        paidAt: now(),
      });
      // Another event of the same session (completed, then async succeeded) recorded it already.
      if (!recorded) return 'repeated' as const;
      const enrolled = await enrol(tx, studentId, courseId);
      await tx.run(sql`UPDATE checkout_sessions SET status = 'paid' WHERE stripe_session_id = ${session.id} OR id = ${session.client_reference_id ?? ''}`);
      return enrolled ? ('enrolled' as const) : ('already enrolled' as const);
    });
    if (outcome === 'gone') log.warn(details, 'stripe: paid checkout for a student or course that no longer exists: nothing recorded (refund it from the Stripe dashboard)');
    else if (outcome === 'already enrolled') log.warn(details, 'stripe: payment recorded for a student already enrolled (refund it from the Stripe dashboard if it was a second payment)');
    else log.info(details, `stripe: ${outcome}`);
    if (outcome === 'enrolled' || outcome === 'already enrolled') this.context.outbox.wake();
    if (outcome === 'enrolled') await this.context.notifications.enrolled(studentId, courseId);
  }
}
