import { sql } from 'kysely';
import { type Client, type DemoIds, type RunningProvider, demoLogins, inDatabase, startDemoProvider, startProvider } from './support';

interface Session {
  session_id: string;
  url: string;
}

/** WCAG relative-luminance contrast of two #rrggbb colours. */
function contrast(foreground: string, background: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((index) => {
      const channel = parseInt(hex.slice(index, index + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('checkout', () => {
  let provider: RunningProvider, ids: DemoIds, maria: Client, kofi: Client;

  beforeAll(async () => ({ provider, ids, maria, kofi } = await startDemoProvider()));

  afterAll(() => provider.stop());

  const enrolled = async (client: Client, studentId: number, courseId: number) =>
    (await client.get(`/api/fetch-enroll-status/${studentId}/${courseId}`)).body.bool;

  const pageForm = async (client: Client, url: string, action: 'pay' | 'cancel') => {
    const page = await (await client.request('GET', url)).text();
    const token = /name="xsrf_token" value="([^"]+)"/.exec(page)?.[1];
    return { page, action: `${url}/${action}`, token };
  };

  it('opens a checkout page for a paid course without enrolling yet', async () => {
    const courseId = ids.courses.French!.id;
    const { status, body } = await maria.post<Session>('/api/create-payment-session/', {
      form: { course_id: courseId, student_id: ids.studentId },
    });
    expect(status).toBe(200);
    expect(body.session_id).toMatch(/^cs_local_[\w-]{30,}$/);
    expect(body.url).toBe(`/api/checkout/${body.session_id}`);
    expect(await enrolled(maria, ids.studentId, courseId)).toBe(false);

    const response = await maria.request('GET', body.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await response.text();
    expect(page).toMatch(/<html lang="en">/);
    expect(page).toMatch(/<title>Checkout: French Conversation \| Language Academy<\/title>/);
    expect(page).toMatch(/<h1>Checkout<\/h1>/);
    expect(page).toContain('French Conversation');
    expect(page).toContain('$15.00');
    expect(page).toMatch(/<button type="submit" class="pay">Pay \$15\.00<\/button>/);
    expect(page).toMatch(/<p class="note" role="note"><strong>This is a test page: it charges nothing\.<\/strong>/);
    expect(page).toMatch(/<button type="submit" class="cancel">Cancel<\/button>/);
    expect(page).toContain(`name="xsrf_token" value="${maria.cookies.get('XSRF-TOKEN')}"`);
  });

  it('uses colours with at least AA contrast on the checkout page', async () => {
    const { body } = await kofi.post<Session>('/api/create-payment-session/', {
      form: { course_id: ids.courses.German!.id, student_id: ids.otherStudentId },
    });
    const page = await (await kofi.request('GET', body.url)).text();
    const rule = (selector: string) => new RegExp(`${selector} \\{[^}]*\\}`).exec(page)![0];
    const colour = (css: string, property: string) => new RegExp(`[^-]${property}: (#[0-9a-f]{6})`).exec(css)![1]!;
    const pairs = [
      [colour(rule('body'), 'color'), '#ffffff'],
      [colour(rule('\\.pay'), 'color'), colour(rule('\\.pay'), 'background')],
      [colour(rule('\\.cancel'), 'color'), colour(rule('\\.cancel'), 'background')],
      [colour(rule('\\.note'), 'color'), '#ffffff'],
    ];
    for (const [foreground, background] of pairs)
      expect(contrast(foreground!, background!)).toBeGreaterThanOrEqual(4.5);
  });

  it('enrols on Pay and sends the browser back to the course (303), refusing a second enrolment', async () => {
    const courseId = ids.courses.English!.id;
    const { body } = await maria.post<Session>('/api/create-payment-session/', {
      form: { course_id: courseId, student_id: ids.studentId },
    });
    const { action, token } = await pageForm(maria, body.url, 'pay');

    const withoutToken = await maria.request('POST', action, { form: {}, xsrf: false });
    expect(withoutToken.status).toBe(403);
    expect(await enrolled(maria, ids.studentId, courseId)).toBe(false);

    const paid = await maria.request('POST', action, { form: { xsrf_token: token }, xsrf: false });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/detail/${courseId}?checkout=success`);
    expect(await enrolled(maria, ids.studentId, courseId)).toBe(true);

    const again = await maria.post('/api/create-payment-session/', {
      form: { course_id: courseId, student_id: ids.studentId },
    });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('You are already enrolled in this course.');

    const repeatedPay = await maria.request('POST', action, { form: { xsrf_token: token }, xsrf: false });
    expect(repeatedPay.status).toBe(303);
    expect((await maria.get(`/api/fetch-enrolled-courses/${ids.studentId}`)).body).toHaveLength(3);
    // One receipt, for the one payment, saying it was a test.
    const outbox = (await maria.get<{ to: string; subject: string; text: string }[]>('/dev/outbox')).body;
    const receipts = outbox.filter((mail) => mail.to === demoLogins.student.email && mail.subject.startsWith('Your receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe('Your receipt from Language Academy: English Pronunciation');
    expect(receipts[0]!.text).toMatch(/Course: English Pronunciation\nAmount: \$\d+\.\d\d\nDate: \d{1,2} \w+ \d{4}\nPaid to: Language Academy/);
    expect(receipts[0]!.text).toContain('no card was charged');
  });

  it('gives a second Enroll Now (another tab) the open checkout back: one payment for one course (issue 33, item 8)', async () => {
    // Maria has not paid for French yet (the first test opened a checkout of it and left it open).
    const courseId = ids.courses.French!.id;
    const mariaId = ids.studentId;
    expect(await enrolled(maria, mariaId, courseId)).toBe(false);
    const start = () =>
      maria.post<Session>('/api/create-payment-session/', { form: { course_id: courseId, student_id: mariaId } });
    const [firstTab, secondTab] = [await start(), await start()];
    expect(secondTab.status).toBe(200);
    expect(secondTab.body).toEqual(firstTab.body);

    const first = await pageForm(maria, firstTab.body.url, 'pay');
    expect((await maria.request('POST', first.action, { form: { xsrf_token: first.token }, xsrf: false })).status).toBe(303);
    // The second tab's Pay is the same checkout, already paid: nothing more is recorded.
    const second = await pageForm(maria, secondTab.body.url, 'pay');
    expect(second.page).toContain('already been paid');
    expect((await maria.request('POST', second.action, { form: { xsrf_token: first.token }, xsrf: false })).status).toBe(303);
    const payments = await inDatabase(provider, async (queries) =>
      (await queries.one(
        sql<{ count: number }>`SELECT COUNT(*) AS count FROM checkout_sessions WHERE student_id = ${mariaId} AND course_id = ${courseId} AND status = 'paid'`,
      ))!.count,
    );
    expect(payments).toBe(1);

    const third = await start();
    expect(third.status).toBe(400);
    expect(third.body).toEqual({ msg: 'You are already enrolled in this course.' });
  });

  it('refuses Pay on an open checkout of a course the student already has, charging nothing', async () => {
    // An open checkout left from before one-checkout-per-course (maria is enrolled in Spanish).
    const courseId = ids.courses.Spanish!.id;
    expect(await enrolled(maria, ids.studentId, courseId)).toBe(true);
    const paid = () =>
      inDatabase(provider, async (queries) =>
        (await queries.one(
          sql<{ count: number }>`SELECT COUNT(*) AS count FROM checkout_sessions WHERE student_id = ${ids.studentId} AND course_id = ${courseId} AND status = 'paid'`,
        ))!.count,
      );
    const before = await paid();
    await inDatabase(provider, (queries) =>
      queries.run(
        sql`INSERT INTO checkout_sessions (id, course_id, student_id, amount, status, created_at) VALUES ('cs_local_leftover', ${courseId}, ${ids.studentId}, '25.00', 'open', ${new Date().toISOString()})`,
      ),
    );
    const { page, action, token } = await pageForm(maria, '/api/checkout/cs_local_leftover', 'pay');
    expect(page).toContain('You are already enrolled in this course. Nothing will be charged.');
    expect(page).not.toContain('class="pay"');

    const refused = await maria.request('POST', action, { form: { xsrf_token: maria.cookies.get('XSRF-TOKEN') ?? token }, xsrf: false });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { msg: string }).msg).toBe('You are already enrolled in this course. This checkout was not charged.');
    expect(await paid()).toBe(before);
    expect(await (await maria.request('GET', '/api/checkout/cs_local_leftover')).text()).toContain('already been cancelled');
  });

  it('does not enrol on Cancel, sending the browser back with checkout=cancel', async () => {
    const courseId = ids.courses.Akan!.id;
    const { body } = await kofi.post<Session>('/api/create-payment-session/', {
      form: { course_id: courseId, student_id: ids.otherStudentId },
    });
    const { action, token } = await pageForm(kofi, body.url, 'cancel');
    const cancelled = await kofi.request('POST', action, { form: { xsrf_token: token }, xsrf: false });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`/detail/${courseId}?checkout=cancel`);
    expect(await enrolled(kofi, ids.otherStudentId, courseId)).toBe(false);

    const payAfterCancel = await kofi.request('POST', body.url + '/pay', { form: { xsrf_token: token }, xsrf: false });
    expect(payAfterCancel.status).toBe(400);
    expect(await enrolled(kofi, ids.otherStudentId, courseId)).toBe(false);
    expect(await (await kofi.request('GET', body.url)).text()).toContain('already been cancelled');
  });

  it('enrols in a free course at once, with a url straight back to the course', async () => {
    for (const [client, studentId, course] of [
      [kofi, ids.otherStudentId, ids.courses.Yoruba!],
      [maria, ids.studentId, ids.courses.Pidgin!],
    ] as const) {
      expect(['0.00', null]).toContain(course.price);
      const { status, body } = await client.post<Session>('/api/create-payment-session/', {
        form: { course_id: course.id, student_id: studentId },
      });
      expect(status).toBe(200);
      expect(body).toEqual({ session_id: expect.any(String), url: `/detail/${course.id}?checkout=success` });
      expect(await enrolled(client, studentId, course.id)).toBe(true);
    }
  });

  it('answers 404 for an unknown course or checkout session', async () => {
    expect(
      (await maria.post('/api/create-payment-session/', { form: { course_id: 9999, student_id: ids.studentId } }))
        .status,
    ).toBe(404);
    expect((await maria.get('/api/checkout/cs_local_unknown')).status).toBe(404);
    const unknownPay = await maria.request('POST', '/api/checkout/cs_local_unknown/pay', {
      form: { xsrf_token: maria.cookies.get('XSRF-TOKEN') },
      xsrf: false,
    });
    expect(unknownPay.status).toBe(404);
  });

  it('redirects to APP_ORIGIN when the provider was given one explicitly', async () => {
    const withOrigin = await startProvider({ appOrigin: 'http://localhost:8080/' });
    try {
      const client = withOrigin.client();
      const studentId = await client.loginStudent();
      const courseId = ids.courses.German!.id;
      const { body } = await client.post<Session>('/api/create-payment-session/', {
        form: { course_id: courseId, student_id: studentId },
      });
      expect(body.url).toBe(`/api/checkout/${body.session_id}`);
      const { action, token } = await pageForm(client, body.url, 'pay');
      const paid = await client.request('POST', action, { form: { xsrf_token: token }, xsrf: false });
      expect(paid.headers.get('location')).toBe(`http://localhost:8080/detail/${courseId}?checkout=success`);

      const free = await client.post<Session>('/api/create-payment-session/', {
        form: { course_id: ids.courses.Pidgin!.id, student_id: studentId },
      });
      expect(free.body.url).toBe(`http://localhost:8080/detail/${ids.courses.Pidgin!.id}?checkout=success`);
    } finally {
      await withOrigin.stop();
    }
  });
});
