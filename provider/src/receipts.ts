import { sql } from 'kysely';
import { type ProviderContext } from './context';
import { type Queries } from './database';
import { type Mail } from './mail';
import { type CourseRow, type StudentRow } from './rows.generated';

/**
 * Currencies Stripe counts in whole units (no cents): their smallest unit is the unit itself.
 * https://docs.stripe.com/currencies#zero-decimal
 */
const zeroDecimal = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

function decimalsOf(currency: string): number {
  return zeroDecimal.has(currency.toLowerCase()) ? 0 : 2;
}

/**
 * A course price ("15.00", "15.5", "15") in the currency's smallest unit (1500), read as a string
 * so no binary fraction creeps in; anything past the currency's decimals is rounded half up.
 */
export function toMinorUnits(price: string, currency: string): number {
  const match = /^\s*(\d+)(?:\.(\d*))?\s*$/.exec(price);
  if (!match) throw new Error(`Not a price: "${price}"`);
  const decimals = decimalsOf(currency);
  const fraction = (match[2] ?? '').padEnd(decimals + 1, '0');
  const minor = Number(match[1]) * 10 ** decimals + Number(fraction.slice(0, decimals) || '0');
  return Number(fraction[decimals]) >= 5 ? minor + 1 : minor;
}

/** An amount in the smallest unit as a decimal string in the major unit (1500 → "15.00"). */
export function fromMinorUnits(amount: number, currency: string): string {
  const decimals = decimalsOf(currency);
  return decimals === 0 ? String(amount) : (amount / 10 ** decimals).toFixed(decimals);
}

/** An amount for people to read: "$15.00", "€15.00", "¥1,500". */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(Number(fromMinorUnits(amount, currency)));
  } catch {
    return `${fromMinorUnits(amount, currency)} ${currency.toUpperCase()}`;
  }
}

export interface Payment {
  studentId: number;
  courseId: number;
  method: 'stripe' | 'local';
  amountMinor: number;
  currency: string;
  checkoutId: string | null;
  stripeSessionId?: string;
  stripePaymentIntent?: string | null;
  paidAt: string;
}

/**
 * Records a payment and queues its receipt, in the transaction `tx` the enrolment is made in (so
 * all three happen together or not at all). False, and nothing written, when the Stripe session
 * was recorded already (its unique key decides, however many deliveries arrive at once).
 */
export async function recordPayment(context: ProviderContext, tx: Queries, payment: Payment): Promise<boolean> {
  const added = await tx.run(
    sql`INSERT INTO payments (student_id, course_id, method, amount_minor, currency, checkout_id, stripe_session_id, stripe_payment_intent, paid_at)
        VALUES (${payment.studentId}, ${payment.courseId}, ${payment.method}, ${payment.amountMinor}, ${payment.currency},
                ${payment.checkoutId}, ${payment.stripeSessionId ?? null}, ${payment.stripePaymentIntent ?? null}, ${payment.paidAt})
        ON CONFLICT DO NOTHING`,
  );
  if (added === 0) return false;
  const student = await tx.one(sql<Pick<StudentRow, 'email' | 'full_name'>>`SELECT email, full_name FROM students WHERE id = ${payment.studentId}`);
  const course = await tx.one(sql<Pick<CourseRow, 'title'>>`SELECT title FROM courses WHERE id = ${payment.courseId}`);
  if (student && course) {
    await context.outbox.send(
      receiptMail({ ...payment, to: student.email, studentName: student.full_name, courseTitle: course.title }, context.config),
      tx,
    );
  }
  return true;
}

interface Receipt {
  to: string;
  studentName: string;
  courseTitle: string;
  courseId: number;
  amountMinor: number;
  currency: string;
  method: 'stripe' | 'local';
  paidAt: string;
}

/**
 * The receipt: the course, the amount, the date and the academy. A transactional mail (the
 * payment's record): it carries no unsubscribe link. The HTML body is made from the text when the
 * mail is delivered (mailDelivery.ts `mailHtml`).
 */
export function receiptMail(receipt: Receipt, config: { appOrigin: string; mail: { academyName: string } }): Mail {
  const academy = config.mail.academyName;
  const date = new Date(receipt.paidAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const amount = formatMoney(receipt.amountMinor, receipt.currency);
  return {
    to: receipt.to,
    subject: `Your receipt from ${academy}: ${receipt.courseTitle}`,
    text: [
      `Hello ${receipt.studentName},`,
      `thank you for your payment. You are enrolled in ${receipt.courseTitle}.`,
      [`Course: ${receipt.courseTitle}`, `Amount: ${amount}`, `Date: ${date}`, `Paid to: ${academy}`].join('\n'),
      ...(receipt.method === 'local' ? ["This was a test payment on the academy's test checkout: no card was charged."] : []),
      `Start learning: ${config.appOrigin}/detail/${receipt.courseId}`,
      `Keep this mail as your receipt.\n${academy}`,
    ].join('\n\n'),
  };
}
