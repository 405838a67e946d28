import { sql } from 'kysely';
import { type ProviderContext } from './context';
import { type Queries } from './database';
import { type Mail } from './mail';
import { lessonTimeText } from './lessonTimes';
import { type CourseRow, type LessonRow, type StudentRow } from './rows.generated';

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
  /** What was paid for: a course (`courseId`) or a lesson (`lessonId`), the other null. */
  courseId: number | null;
  lessonId: number | null;
  method: 'stripe' | 'local';
  amountMinor: number;
  currency: string;
  checkoutId: string | null;
  stripeSessionId?: string;
  stripePaymentIntent?: string | null;
  paidAt: string;
}

/**
 * Records a payment and queues its receipt, in the transaction `tx` the enrolment or the lesson's
 * booking is made in (so all happen together or not at all). False, and nothing written, when the
 * Stripe session was recorded already (its unique key decides, however many deliveries arrive at once).
 */
export async function recordPayment(context: ProviderContext, tx: Queries, payment: Payment): Promise<boolean> {
  const added = await tx.run(
    sql`INSERT INTO payments (student_id, course_id, lesson_id, method, amount_minor, currency, checkout_id, stripe_session_id, stripe_payment_intent, paid_at)
        VALUES (${payment.studentId}, ${payment.courseId}, ${payment.lessonId}, ${payment.method}, ${payment.amountMinor}, ${payment.currency},
                ${payment.checkoutId}, ${payment.stripeSessionId ?? null}, ${payment.stripePaymentIntent ?? null}, ${payment.paidAt})
        ON CONFLICT DO NOTHING`,
  );
  if (added === 0) return false;
  const student = await tx.one(sql<Pick<StudentRow, 'email' | 'full_name'>>`SELECT email, full_name FROM students WHERE id = ${payment.studentId}`);
  const purchase = await purchaseOf(tx, payment);
  if (student && purchase) {
    await context.outbox.send(receiptMail({ ...payment, to: student.email, studentName: student.full_name, purchase }, context.config), tx);
  }
  return true;
}

/** What a receipt says was bought: a course, or a lesson with its teacher and time. */
type Purchase = { kind: 'course'; courseId: number; title: string } | { kind: 'lesson'; title: string; teacherName: string; time: string };

async function purchaseOf(tx: Queries, payment: Payment): Promise<Purchase | undefined> {
  if (payment.lessonId !== null) {
    const lesson = await tx.one(
      sql<Pick<LessonRow, 'title' | 'starts_at' | 'ends_at'> & { teacher_name: string }>`SELECT l.title, l.starts_at, l.ends_at, t.full_name AS teacher_name
        FROM lessons l JOIN teachers t ON t.id = l.teacher_id WHERE l.id = ${payment.lessonId}`,
    );
    return lesson && { kind: 'lesson', title: lesson.title, teacherName: lesson.teacher_name, time: lessonTimeText(lesson.starts_at, lesson.ends_at) };
  }
  if (payment.courseId === null) return undefined;
  const course = await tx.one(sql<Pick<CourseRow, 'title'>>`SELECT title FROM courses WHERE id = ${payment.courseId}`);
  return course && { kind: 'course', courseId: payment.courseId, title: course.title };
}

interface Receipt {
  to: string;
  studentName: string;
  purchase: Purchase;
  amountMinor: number;
  currency: string;
  method: 'stripe' | 'local';
  paidAt: string;
}

/**
 * The receipt: the course (or the lesson, its teacher and time), the amount, the date and the
 * academy. A transactional mail (the payment's record): it carries no unsubscribe link. The HTML
 * body is made from the text when the mail is delivered (mailDelivery.ts `mailHtml`).
 */
export function receiptMail(receipt: Receipt, config: { appOrigin: string; mail: { academyName: string } }): Mail {
  const academy = config.mail.academyName;
  const date = new Date(receipt.paidAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const amount = formatMoney(receipt.amountMinor, receipt.currency);
  const { purchase } = receipt;
  const bought =
    purchase.kind === 'course'
      ? { thanks: `You are enrolled in ${purchase.title}.`, lines: [`Course: ${purchase.title}`], next: `Start learning: ${config.appOrigin}/detail/${purchase.courseId}` }
      : {
          thanks: `Your lesson ${purchase.title} with ${purchase.teacherName} is booked.`,
          lines: [`Lesson: ${purchase.title}`, `Teacher: ${purchase.teacherName}`, `Time: ${purchase.time}`],
          next: `Your lessons: ${config.appOrigin}/student-lessons`,
        };
  return {
    to: receipt.to,
    subject: `Your receipt from ${academy}: ${purchase.title}`,
    text: [
      `Hello ${receipt.studentName},`,
      `thank you for your payment. ${bought.thanks}`,
      [...bought.lines, `Amount: ${amount}`, `Date: ${date}`, `Paid to: ${academy}`].join('\n'),
      ...(receipt.method === 'local' ? ["This was a test payment on the academy's test checkout: no card was charged."] : []),
      bought.next,
      `Keep this mail as your receipt.\n${academy}`,
    ].join('\n\n'),
  };
}
