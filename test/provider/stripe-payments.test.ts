import { sql } from 'kysely';
import Stripe from 'stripe';
import { resolveConfig } from '../../provider/src/config';
import { type StripeImitation, startStripeImitation } from './stripeImitation';
import { type Client, type DemoIds, type RunningProvider, demoLogins, inDatabase, startDemoProvider } from './support';

const webhookSecret = 'whsec_test_imitation';

describe('payments through Stripe Checkout', () => {
  let imitation: StripeImitation, provider: RunningProvider, ids: DemoIds, maria: Client, kofi: Client, visitor: Client;
  let teacherOf: (courseId: number) => Client;
  let events = 0;

  beforeAll(async () => {
    imitation = await startStripeImitation();
    let amara: Client, kwame: Client;
    ({ provider, ids, maria, kofi, visitor, amara, kwame } = await startDemoProvider({
      stripe: { secretKey: 'sk_test_imitation', webhookSecret, apiBase: imitation.url },
    }));
    teacherOf = (courseId) => (Object.values(ids.courses).find((course) => course.id === courseId)!.teacherId === ids.teacherId ? amara : kwame);
  });

  afterAll(async () => {
    await provider.stop();
    await imitation.stop();
  });

  const startCheckout = (client: Client, studentId: number, courseId: number) =>
    client.post<{ session_id: string; url: string }>('/api/create-payment-session/', { form: { course_id: courseId, student_id: studentId } });

  /** Stripe's delivery of an event: the JSON body signed with the webhook's secret (or `secret`). */
  const deliver = (type: string, object: object, { secret = webhookSecret, id = `evt_test_${(events += 1)}` } = {}) => {
    const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return visitor.post<{ received?: boolean; msg?: string }>('/api/stripe-webhook/', {
      raw: payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      xsrf: false,
    });
  };

  const completed = (sessionId: string, changes: object = {}) => ({ ...imitation.sessions.get(sessionId), payment_status: 'paid', status: 'complete', payment_intent: 'pi_test_1', ...changes });
  const enrolled = async (client: Client, studentId: number, courseId: number) => (await client.get(`/api/fetch-enroll-status/${studentId}/${courseId}`)).body.bool;
  const written = (courseId: number) =>
    inDatabase(provider, async (queries) => ({
      payments: await queries.all(sql<{ amount_minor: number; currency: string; stripe_session_id: string; stripe_payment_intent: string }>`
        SELECT amount_minor, currency, stripe_session_id, stripe_payment_intent FROM payments WHERE course_id = ${courseId}`),
      events: (await queries.all(sql`SELECT id FROM stripe_events`)).length,
    }));
  const receipts = async (to: string) =>
    (await visitor.get<{ to: string; subject: string; text: string }[]>('/dev/outbox')).body.filter((mail) => mail.to === to && mail.subject.startsWith('Your receipt'));

  it("makes one Checkout Session with the course's price, the student and course, and the way back; a second Enroll Now gets the same", async () => {
    const course = ids.courses.French!;
    const first = await startCheckout(maria, ids.studentId, course.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ session_id: 'cs_test_imitation1', url: 'https://checkout.stripe.com/c/pay/cs_test_imitation1' });
    expect(imitation.requests).toHaveLength(1);
    const [request] = imitation.requests;
    expect(request!.authorization).toBe('Bearer sk_test_imitation');
    expect(request!.idempotencyKey).toMatch(/^checkout-cs_local_[\w-]+$/);
    expect(request!.form).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1500',
      'line_items[0][price_data][product_data][name]': 'French Conversation',
      'metadata[student_id]': String(ids.studentId),
      'metadata[course_id]': String(course.id),
      'metadata[checkout_id]': request!.form.client_reference_id,
      'payment_intent_data[metadata][student_id]': String(ids.studentId),
      'payment_intent_data[metadata][course_id]': String(course.id),
      'payment_intent_data[metadata][checkout_id]': request!.form.client_reference_id,
      client_reference_id: expect.stringMatching(/^cs_local_/),
      success_url: `http://localhost:8080/detail/${course.id}?checkout=success`,
      cancel_url: `http://localhost:8080/detail/${course.id}?checkout=cancel`,
    });

    expect((await startCheckout(maria, ids.studentId, course.id)).body.session_id).toBe('cs_test_imitation1');
    expect(imitation.requests).toHaveLength(1);
    // The session made but not stored (an instance stopped in between): asked again with the same key, Stripe answers it again.
    await inDatabase(provider, (queries) => queries.run(sql`UPDATE checkout_sessions SET stripe_session_id = NULL, stripe_url = NULL`));
    expect((await startCheckout(maria, ids.studentId, course.id)).body.session_id).toBe('cs_test_imitation1');
    expect(imitation.requests.map((sent) => sent.idempotencyKey)).toEqual([request!.idempotencyKey, request!.idempotencyKey]);
    expect(await enrolled(maria, ids.studentId, course.id)).toBe(false);
  });

  it('enrols on the signed completed event, records the payment and mails one receipt; the same event again, even at once, changes nothing', async () => {
    const courseId = ids.courses.French!.id;
    const event = { id: 'evt_test_paid' };
    // Delivered twice at once (Stripe's retry racing the first, or two instances): both answered, handled once.
    const twice = await Promise.all([1, 2].map(() => deliver('checkout.session.completed', completed('cs_test_imitation1'), event)));
    expect(twice.map((answer) => answer.body)).toEqual([{ received: true }, { received: true }]);
    expect(await enrolled(maria, ids.studentId, courseId)).toBe(true);
    expect((await deliver('checkout.session.completed', completed('cs_test_imitation1'), event)).status).toBe(200);
    // Another event of the same session (Stripe's async success) records nothing more either.
    expect((await deliver('checkout.session.async_payment_succeeded', completed('cs_test_imitation1'))).status).toBe(200);

    expect((await written(courseId)).payments).toEqual([{ amount_minor: 1500, currency: 'usd', stripe_session_id: 'cs_test_imitation1', stripe_payment_intent: 'pi_test_1' }]);
    const mails = await receipts(demoLogins.student.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your receipt from Language Academy: French Conversation');
    expect(mails[0]!.text).toContain('Course: French Conversation\nAmount: $15.00\nDate: ');
    expect(mails[0]!.text).toContain('Paid to: Language Academy');
    expect(mails[0]!.text).not.toMatch(/unsubscribe|test payment/i);
  });

  it('refuses an event whose signature is wrong or missing (400), writing nothing', async () => {
    const courseId = ids.courses.German!.id;
    const { body } = await startCheckout(kofi, ids.otherStudentId, courseId);
    const before = await written(courseId);
    const forged = await deliver('checkout.session.completed', completed(body.session_id), { secret: 'whsec_someone_else' });
    expect(forged).toMatchObject({ status: 400, body: { msg: 'The Stripe signature of this event is wrong or too old.' } });
    const unsigned = await visitor.post('/api/stripe-webhook/', { raw: '{"id":"evt_x","type":"checkout.session.completed","data":{"object":{}}}', headers: { 'content-type': 'application/json' }, xsrf: false });
    expect(unsigned).toMatchObject({ status: 400, body: { msg: 'The Stripe-Signature header is missing.' } });
    expect(await written(courseId)).toEqual(before);
    expect(await enrolled(kofi, ids.otherStudentId, courseId)).toBe(false);
  });

  it('enrols nobody for an unpaid session, a student or course that is gone, or another kind of event', async () => {
    const courseId = ids.courses.German!.id;
    const sessionId = (await startCheckout(kofi, ids.otherStudentId, courseId)).body.session_id;
    const before = await written(courseId);
    for (const answer of [
      await deliver('checkout.session.completed', completed(sessionId, { payment_status: 'unpaid' })),
      await deliver('checkout.session.completed', completed(sessionId, { metadata: { student_id: '999999', course_id: String(courseId) } })),
      await deliver('payment_intent.created', { id: 'pi_test_2', object: 'payment_intent' }),
    ]) {
      expect(answer).toMatchObject({ status: 200, body: { received: true } });
    }
    expect(await written(courseId)).toEqual(before);
    expect(await enrolled(kofi, ids.otherStudentId, courseId)).toBe(false);
  });

  it("shows the teacher what their courses sold, and nobody else's teacher", async () => {
    const course = ids.courses.French!;
    const teacher = teacherOf(course.id);
    const { status, body } = await teacher.get<{ courses: { course_id: number; title: string; paid_enrolments: number; totals: unknown[] }[] }>(
      `/api/teacher-sales/${course.teacherId}/`,
    );
    expect(status).toBe(200);
    expect(body.courses).toContainEqual({ course_id: course.id, title: 'French Conversation', languages: 'French, English', paid_enrolments: 1, totals: [{ currency: 'usd', amount: '15.00' }] });
    expect(body.courses.filter((sold) => sold.course_id !== course.id).every((sold) => sold.paid_enrolments === 0 && sold.totals.length === 0)).toBe(true);
    const otherTeacherId = course.teacherId === ids.teacherId ? ids.otherTeacherId : ids.teacherId;
    expect((await teacher.get(`/api/teacher-sales/${otherTeacherId}/`)).status).toBe(403);
  });

  it('answers 502 when Stripe refuses, and the retry asks again with the same key', async () => {
    const courseId = ids.courses.German!.id;
    // Kofi's German checkout left (cancelled): the next Enroll Now opens a new one.
    await inDatabase(provider, (queries) => queries.run(sql`UPDATE checkout_sessions SET status = 'cancelled' WHERE student_id = ${ids.otherStudentId}`));
    const sent = imitation.requests.length;
    imitation.refuseNext();
    const refused = await startCheckout(kofi, ids.otherStudentId, courseId);
    expect(refused).toMatchObject({ status: 502, body: { msg: 'The payment provider could not open a checkout. Please try again in a moment.' } });
    const retried = await startCheckout(kofi, ids.otherStudentId, courseId);
    expect(retried.status).toBe(200);
    const [first, second] = imitation.requests.slice(sent);
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
    expect(second!.form).toEqual(first!.form);
  });

  it('serves no local test checkout beside Stripe', async () => {
    const [row] = await inDatabase(provider, (queries) => queries.all(sql<{ id: string }>`SELECT id FROM checkout_sessions`));
    expect((await maria.request('GET', `/api/checkout/${row!.id}`)).status).toBe(404);
  });

  it('refuses a Stripe key without the webhook secret, and the reverse, naming the setting', () => {
    expect(() => resolveConfig({ dataDir: '/tmp/x' }, { STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/^STRIPE_WEBHOOK_SECRET is required/);
    expect(() => resolveConfig({ dataDir: '/tmp/x' }, { STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(/^STRIPE_SECRET_KEY is required/);
    expect(resolveConfig({ dataDir: '/tmp/x' }, { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_API_BASE: 'http://127.0.0.1:4010' }).stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      api: { host: '127.0.0.1', port: 4010, protocol: 'http' },
    });
  });
});
