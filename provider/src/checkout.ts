import { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { randomToken } from './auth';
import { type ProviderConfig } from './config';
import { type ProviderContext } from './context';
import { type Queries } from './database';
import { now } from './db';
import { HttpError, badRequest, notFound } from './errors';
import { isAllowedOrigin, ownOrigin, requestOrigin } from './origins';
import { bookPaidLesson, bookingMessages, releaseHold } from './lessonHolds';
import { lessonTimeText } from './lessonTimes';
import { formatMoney, recordPayment, toMinorUnits } from './receipts';
import { type CourseRow, isEnrolled, isFree } from './records';
import { apiBase } from './router';
import { type CheckoutSessionRow, type LessonRow } from './rows.generated';
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

/** What a checkout pays for, as its page, its redirects and Stripe's line item show it. */
export interface CheckoutItem {
  title: string;
  /** The page's lines, term and description (the price last). */
  details: [string, string][];
  /** Where the browser goes back to on the app: the course's page, or the student's lessons. */
  returnPath: string;
  backLabel: string;
  /** Why Pay would be refused (a course the student has, a hold that lapsed), shown instead of it; or null. */
  refusal: string | null;
  /** When a Stripe session for it must expire (a lesson's hold), or null for Stripe's default. */
  expiresAt: string | null;
}

/**
 * A stand-in for a card provider's hosted checkout: `start` opens a session for a course (and
 * `openForLesson` one for a held lesson) whose page (`/api/checkout/{id}`) offers Pay and Cancel;
 * paying records the enrolment, or books the lesson.
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
        return { session_id: sessionId, url: this.returnUrl(returnBase, `/detail/${course.id}`, 'success') };
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
    return this.sessionOf(started, log);
  }

  /**
   * The open checkout of the lesson just held (`bookLesson`), in the booking's transaction `tx`:
   * the one opened before for the same hold, or a new one for the lesson's price.
   */
  async openForLesson(tx: Queries, lesson: Pick<LessonRow, 'id' | 'student_id' | 'price'>, returnBase: string): Promise<CheckoutSessionRow> {
    const open = await tx.one(sql<CheckoutSessionRow>`SELECT * FROM checkout_sessions WHERE lesson_id = ${lesson.id} AND status = 'open'`);
    if (open !== undefined) return this.reopen(tx, open, returnBase);
    const sessionId = `cs_local_${randomToken(24)}`;
    await tx.run(
      sql`INSERT INTO checkout_sessions (id, lesson_id, student_id, amount, status, created_at, return_base)
          VALUES (${sessionId}, ${lesson.id}, ${lesson.student_id}, ${lesson.price}, 'open', ${now()}, ${returnBase})`,
    );
    return find(tx, sessionId);
  }

  /** What the browser is sent to for the open checkout `row`: this test checkout's page, or its session at Stripe. */
  async sessionOf(row: CheckoutSessionRow, log: FastifyBaseLogger): Promise<PaymentSession> {
    if (this.stripe === null) return { session_id: row.id, url: `${apiBase}/checkout/${row.id}` };
    return this.stripe.sessionFor(row, await this.itemOf(this.context.queries, row), log);
  }

  /**
   * Records the payment and the enrolment (or the lesson's booking), together or not at all; paying
   * the same checkout twice (or from two tabs at once) charges once. Paying for a course the student
   * already has (an open checkout of before migration 16, or one overtaken by an enrolment), or for
   * a lesson whose hold has lapsed, is refused without a charge, and that checkout is cancelled (the
   * hold let go). Returns where to send the browser.
   */
  async pay(sessionId: string): Promise<string> {
    // As in `start`, refusals are answered after the transaction has committed.
    const outcome = await this.context.queries.transaction(async (tx) => {
      // Only the one that still finds it open pays it: a second Pay waits for the first and finds it paid.
      const charged = await tx.run(sql`UPDATE checkout_sessions SET status = 'paid' WHERE id = ${sessionId} AND status = 'open'`);
      const session = await findCheckout(tx, sessionId);
      if (charged === 0 || session === undefined) return { session, refused: session?.status === 'cancelled' ? cancelledCheckout(session) : null };
      const paidFor =
        session.lesson_id !== null
          ? await bookPaidLesson(tx, session.lesson_id, { beforeLapse: true })
          : await enrol(tx, session.student_id, session.course_id as number);
      if (paidFor) {
        // Nothing was charged, but the academy keeps the record and the student the receipt, as after Stripe.
        const { currency } = this.context.config;
        await recordPayment(this.context, tx, {
          studentId: session.student_id,
          courseId: session.course_id,
          lessonId: session.lesson_id,
          method: 'local',
          amountMinor: toMinorUnits(session.amount, currency),
          currency,
          checkoutId: session.id,
          paidAt: now(),
        });
        if (session.lesson_id !== null) await this.context.lessonMails.booked(tx, session.lesson_id);
        return { session, refused: null };
      }
      await tx.run(sql`UPDATE checkout_sessions SET status = 'cancelled' WHERE id = ${session.id}`);
      if (session.lesson_id === null) return { session, refused: `${alreadyEnrolled} This checkout was not charged.` };
      await releaseHold(tx, session.lesson_id);
      return { session, refused: bookingMessages.lapsed };
    });
    if (outcome.session === undefined) throw checkoutNotFound();
    if (outcome.refused !== null) throw badRequest(outcome.refused);
    this.context.outbox.wake();
    if (outcome.session.course_id !== null) await this.context.notifications.enrolled(outcome.session.student_id, outcome.session.course_id);
    return this.returnUrl(this.baseOf(outcome.session), returnPathOf(outcome.session), 'success');
  }

  /**
   * Cancels an open checkout (again: harmless), letting a lesson's hold go; a paid one stays paid,
   * whatever Pay did at the same moment.
   */
  async cancel(sessionId: string): Promise<string> {
    const session = await this.context.queries.transaction(async (tx) => {
      const cancelled = await tx.run(sql`UPDATE checkout_sessions SET status = 'cancelled' WHERE id = ${sessionId} AND status = 'open'`);
      const found = await find(tx, sessionId);
      if (cancelled === 1 && found.lesson_id !== null) await releaseHold(tx, found.lesson_id);
      return found;
    });
    if (session.status === 'paid') throw badRequest('This checkout has already been paid.');
    return this.returnUrl(this.baseOf(session), returnPathOf(session), 'cancel');
  }

  /** The origin the session's redirects go to, for the page's `form-action` ('' when the same as the page's). */
  async returnOrigin(sessionId: string): Promise<string> {
    return this.baseOf(await find(this.context.queries, sessionId));
  }

  async page(sessionId: string, xsrfToken: string): Promise<string> {
    const session = await find(this.context.queries, sessionId);
    const item = await this.itemOf(this.context.queries, session);
    return renderCheckoutPage({
      action: `${apiBase}/checkout/${encodeURIComponent(session.id)}`,
      item,
      amount: this.amountOf(session),
      status: session.status,
      xsrfToken,
      backUrl: this.returnUrl(this.baseOf(session), item.returnPath, session.status === 'paid' ? 'success' : 'cancel'),
    });
  }

  /** What the checkout `session` pays for: its course, or its lesson with the teacher and the time. */
  private async itemOf(queries: Queries, session: CheckoutSessionRow): Promise<CheckoutItem> {
    const price: [string, string] = ['Price', this.amountOf(session)];
    if (session.lesson_id !== null) {
      const lesson = (await queries.one(
        sql<LessonRow & { teacher_name: string }>`SELECT l.*, t.full_name AS teacher_name FROM lessons l JOIN teachers t ON t.id = l.teacher_id WHERE l.id = ${session.lesson_id}`,
      )) as LessonRow & { teacher_name: string };
      const holding = lesson.status === 'awaiting_payment' && lesson.pay_until !== null && lesson.pay_until > now();
      return {
        title: lesson.title,
        details: [['Lesson', lesson.title], ['Teacher', lesson.teacher_name], ['Time', lessonTimeText(lesson.starts_at, lesson.ends_at)], price],
        returnPath: returnPathOf(session),
        backLabel: 'Back to your lessons',
        // Nothing to pay for: the hold has lapsed (Pay would be refused).
        refusal: session.status === 'open' && !holding ? bookingMessages.lapsed : null,
        expiresAt: lesson.pay_until,
      };
    }
    const courseId = session.course_id as number;
    const course = (await queries.one(sql<Pick<CourseRow, 'title'>>`SELECT title FROM courses WHERE id = ${courseId}`)) as Pick<CourseRow, 'title'>;
    return {
      title: course.title,
      details: [['Course', course.title], price],
      returnPath: returnPathOf(session),
      backLabel: 'Back to the course',
      // Nothing to pay for: the student has the course already (Pay would be refused).
      refusal: session.status === 'open' && (await isEnrolled(queries, session.student_id, courseId)) ? alreadyEnrolled : null,
      expiresAt: null,
    };
  }

  private amountOf(session: CheckoutSessionRow): string {
    return formatMoney(toMinorUnits(session.amount, this.context.config.currency), this.context.config.currency);
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

  private returnUrl(base: string, returnPath: string, outcome: 'success' | 'cancel'): string {
    return `${base}${returnPath}?checkout=${outcome}`;
  }
}

/** The app's page a checkout sends the browser back to: the course's, or the student's lessons. */
function returnPathOf(session: Pick<CheckoutSessionRow, 'course_id' | 'lesson_id'>): string {
  return session.lesson_id !== null ? '/student-lessons' : `/detail/${session.course_id}`;
}

const cancelledCheckout = (session: CheckoutSessionRow) =>
  session.lesson_id !== null
    ? 'This checkout was cancelled; book the lesson again from the teacher\'s page.'
    : 'This checkout was cancelled; start a new one from the course page.';

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
  item: CheckoutItem;
  amount: string;
  status: CheckoutSessionRow['status'];
  xsrfToken: string;
  backUrl: string;
}

function renderCheckoutPage(page: CheckoutPage): string {
  const token = `<input type="hidden" name="${xsrfFieldName}" value="${escapeHtml(page.xsrfToken)}">`;
  const back = `<p><a href="${escapeHtml(page.backUrl)}">${page.item.backLabel}</a></p>`;
  const body = page.item.refusal !== null
    ? `<p role="status">${escapeHtml(page.item.refusal)} Nothing will be charged.</p>
      ${back}`
    : page.status === 'open'
      ? `<p class="note" role="note"><strong>This is a test page: it charges nothing.</strong> No card is asked for and no money is taken; Pay enrols you (or books the lesson) as a payment would, and you get a receipt marked as a test.</p>
      <div class="actions">
        <form method="post" action="${escapeHtml(page.action)}/pay">${token}
          <button type="submit" class="pay">Pay ${escapeHtml(page.amount)}</button>
        </form>
        <form method="post" action="${escapeHtml(page.action)}/cancel">${token}
          <button type="submit" class="cancel">Cancel</button>
        </form>
      </div>`
      : `<p role="status">This checkout has already been ${page.status === 'paid' ? 'paid' : 'cancelled'}.</p>
      ${back}`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Checkout: ${escapeHtml(page.item.title)} | Language Academy</title>
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
        ${page.item.details.map(([term, description]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(description)}</dd>`).join('\n        ')}
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
