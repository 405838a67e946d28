/**
 * Card payments through Stripe Checkout (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET).
 * `create-payment-session/` (and `bookLesson`, for a paid lesson) makes a Checkout Session for the
 * student's open checkout row (checkout.ts), with an idempotency key derived from that row: a
 * retry, or a second Enroll Now, gets the same session back and never a second one. A lesson's
 * session expires with its hold. The enrolment (or the lesson's booking) happens when Stripe's
 * signed `checkout.session.completed` event arrives at `POST /api/stripe-webhook/`, never because
 * the browser came back: the event's id is recorded (a unique key: handled once, whichever
 * instance gets it and however often Stripe repeats it), then the payment, the enrolment or
 * booking and the receipt mail are written in one transaction. A lesson's payment is refunded at
 * Stripe when the lesson is cancelled with a full refund, or when the payment came for a hold
 * already let go; a refund Stripe failed is tried again by the provider's sweep (`refundDue`).
 */
import { type FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
// The types of the ES module `open` imports (those of the CommonJS one are other, alike types).
import type Stripe from 'stripe' with { 'resolution-mode': 'import' };
import { type CheckoutItem, enrol } from './checkout';
import { type StripeConfig } from './config';
import { type ProviderContext } from './context';
import { now } from './db';
import { HttpError, badRequest } from './errors';
import { bookPaidLesson, releaseHold } from './lessonHolds';
import { recordPayment, toMinorUnits } from './receipts';
import { type CheckoutSessionRow, type LessonRow, type PaymentRow } from './rows.generated';

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
   * The Checkout Session of the open checkout `row` for `item`: the one made before, or a new one.
   * Its redirects go back to the item's page (the course's, or the student's lessons) on the row's
   * origin (`return_base`, absolute), which stays as it was when the first session was asked for:
   * the same key must come with the same request, or Stripe refuses it.
   */
  async sessionFor(row: CheckoutSessionRow, item: CheckoutItem, log: FastifyBaseLogger): Promise<HostedCheckout> {
    if (row.stripe_session_id && row.stripe_url) return { session_id: row.stripe_session_id, url: row.stripe_url };
    const { currency } = this.context.config;
    const base = row.return_base || this.context.config.appOrigin;
    const paidFor: Record<string, string> = row.lesson_id !== null ? { lesson_id: String(row.lesson_id) } : { course_id: String(row.course_id) };
    const metadata = { student_id: String(row.student_id), ...paidFor, checkout_id: row.id };
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [{ quantity: 1, price_data: { currency, unit_amount: toMinorUnits(row.amount, currency), product_data: { name: item.title } } }],
          metadata,
          payment_intent_data: { metadata },
          client_reference_id: row.id,
          success_url: `${base}${item.returnPath}?checkout=success`,
          cancel_url: `${base}${item.returnPath}?checkout=cancel`,
          ...(item.expiresAt !== null && { expires_at: Math.floor(Date.parse(item.expiresAt) / 1000) }),
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
        // A lesson's session expires with its hold: the hold is let go too.
        await this.context.queries.transaction(async (tx) => {
          const expired = await tx.all(
            sql<Pick<CheckoutSessionRow, 'lesson_id'>>`UPDATE checkout_sessions SET status = 'cancelled'
              WHERE stripe_session_id = ${event.data.object.id} AND status = 'open' RETURNING lesson_id`,
          );
          for (const { lesson_id: lessonId } of expired) if (lessonId !== null) await releaseHold(tx, lessonId);
        });
        return;
      default:
        log.info({ event: event.id, type: event.type }, 'stripe: event ignored');
    }
  }

  private async paid(event: Stripe.Event, session: Stripe.Checkout.Session, log: FastifyBaseLogger): Promise<void> {
    if (session.metadata?.lesson_id !== undefined) return this.lessonPaid(event, session, log);
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
      const recorded = await recordPayment(this.context, tx, {
        studentId,
        courseId,
        lessonId: null,
        method: 'stripe',
        amountMinor: session.amount_total ?? 0,
        currency: session.currency ?? this.context.config.currency,
        checkoutId: session.client_reference_id,
        stripeSessionId: session.id,
        stripePaymentIntent: paymentIntentOf(session),
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

  /**
   * A lesson's payment: recorded, and the held lesson booked with its confirmation mails, in one
   * transaction. A payment for a hold already let go (its time may be someone else's now) is
   * recorded and refunded at Stripe.
   */
  private async lessonPaid(event: Stripe.Event, session: Stripe.Checkout.Session, log: FastifyBaseLogger): Promise<void> {
    const studentId = Number(session.metadata?.student_id);
    const lessonId = Number(session.metadata?.lesson_id);
    const details = { event: event.id, session: session.id, student: studentId, lesson: lessonId };
    const outcome = await this.context.queries.transaction(async (tx) => {
      if (!Number.isSafeInteger(studentId) || !Number.isSafeInteger(lessonId)) return 'gone' as const;
      const lesson = await tx.one(sql<Pick<LessonRow, 'status'>>`SELECT status FROM lessons WHERE id = ${lessonId} AND student_id = ${studentId}`);
      if (!lesson) return 'gone' as const;
      const first = await tx.run(sql`INSERT INTO stripe_events (id, type, received_at) VALUES (${event.id}, ${event.type}, ${now()}) ON CONFLICT DO NOTHING`);
      if (first === 0) return 'repeated' as const;
      const recorded = await recordPayment(this.context, tx, {
        studentId,
        courseId: null,
        lessonId,
        method: 'stripe',
        amountMinor: session.amount_total ?? 0,
        currency: session.currency ?? this.context.config.currency,
        checkoutId: session.client_reference_id,
        stripeSessionId: session.id,
        stripePaymentIntent: paymentIntentOf(session),
        paidAt: now(),
      });
      if (!recorded) return 'repeated' as const;
      await tx.run(sql`UPDATE checkout_sessions SET status = 'paid' WHERE stripe_session_id = ${session.id} OR id = ${session.client_reference_id ?? ''}`);
      if (!(await bookPaidLesson(tx, lessonId, { beforeLapse: false }))) return lesson.status === 'booked' ? ('already booked' as const) : ('lapsed' as const);
      await this.context.lessonMails.booked(tx, lessonId);
      return 'booked' as const;
    });
    if (outcome === 'gone') log.warn(details, 'stripe: paid checkout for a student or lesson that no longer exists: nothing recorded (refund it from the Stripe dashboard)');
    else if (outcome === 'lapsed') log.warn(details, 'stripe: payment for a lesson no longer held: recorded, and refunded');
    else if (outcome === 'already booked') log.warn(details, 'stripe: payment recorded for a lesson booked already (refund it from the Stripe dashboard if it was a second payment)');
    else log.info(details, `stripe: ${outcome}`);
    if (outcome !== 'gone' && outcome !== 'repeated') this.context.outbox.wake();
    if (outcome === 'lapsed') await this.refundDue(log, lessonId);
  }

  /**
   * Refunds at Stripe the lesson payments due back (of `lessonId` only, or all): those of lessons
   * cancelled with a full refund, or let go unbooked, not refunded yet. Each is recorded
   * (`refunded_at`, `stripe_refund_id`) once Stripe has made it; one per lesson whatever the tries
   * (its idempotency key). A failure is logged and left for the next try: the sweep's (server.ts).
   */
  async refundDue(log: FastifyBaseLogger, lessonId?: number): Promise<void> {
    const { queries } = this.context;
    const due = await queries.all(
      sql<Pick<PaymentRow, 'id' | 'stripe_payment_intent'> & { lesson_id: number }>`SELECT p.id, p.lesson_id, p.stripe_payment_intent
        FROM payments p JOIN lessons l ON l.id = p.lesson_id
        WHERE p.method = 'stripe' AND p.refunded_at IS NULL AND l.status = 'cancelled' AND (l.refund IS NULL OR l.refund = 'full')
          ${lessonId === undefined ? sql`` : sql`AND p.lesson_id = ${lessonId}`}`,
    );
    for (const payment of due) {
      if (payment.stripe_payment_intent === null) {
        log.error({ payment: payment.id, lesson: payment.lesson_id }, 'stripe: a lesson payment to refund has no payment intent (refund it from the Stripe dashboard)');
        continue;
      }
      try {
        const refund = await this.stripe.refunds.create({ payment_intent: payment.stripe_payment_intent }, { idempotencyKey: `refund-lesson-${payment.lesson_id}` });
        await queries.run(sql`UPDATE payments SET refunded_at = ${now()}, stripe_refund_id = ${refund.id} WHERE id = ${payment.id} AND refunded_at IS NULL`);
        log.info({ payment: payment.id, lesson: payment.lesson_id, refund: refund.id }, 'stripe: lesson payment refunded');
      } catch (error) {
        log.error({ err: error, payment: payment.id, lesson: payment.lesson_id }, 'stripe: the refund failed; the sweep tries again');
      }
    }
  }
}

function paymentIntentOf(session: Stripe.Checkout.Session): string | null {
  return typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
}
