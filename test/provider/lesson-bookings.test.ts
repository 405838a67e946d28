/**
 * Booking one-to-one lessons (extension, issue 40): holds and their payment (the local checkout
 * and Stripe's), the quarter hours that make a double booking impossible, each side's lists, the
 * cancelling policy and its refunds, moving a lesson, on SQLite and PostgreSQL.
 */
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import Stripe from 'stripe';
import { type StripeImitation, startStripeImitation } from './stripeImitation';
import { type Client, type DemoIds, type RunningProvider, demoLogins, inDatabase, passTime, startDemoProvider, useFakeClock } from './support';

interface Lesson {
  id: number;
  teacher_id: number;
  teacher_name: string;
  student_id: number;
  student_name: string;
  lesson_type_id: number | null;
  title: string;
  minutes: number;
  free_trial: boolean;
  price: string;
  languages: string[];
  starts_at: string;
  ends_at: string;
  status: 'awaiting_payment' | 'booked' | 'cancelled';
  pay_until: string | null;
  cancellable_until: string;
  cancelled_by: 'student' | 'teacher' | null;
  cancel_reason: string | null;
  refund: 'full' | 'none' | null;
}

interface Booking {
  lesson: Lesson;
  checkout: { session_id: string; url: string } | null;
  msg?: string;
}

interface LessonList {
  count: number;
  lessons: Lesson[];
  msg?: string;
}

interface Types {
  trial: number;
  /** Amara's 50-minute conversation, $20. */
  conversation: number;
  /** Amara's 25-minute paid type, $10 (added by the suite). */
  quick: number;
  /** Kwame's 25-minute paid type and free trial (added by the suite; his hours: every hour of every day in London). */
  kwameTalk: number;
  kwameTrial: number;
}

const minute = 60_000;
const hour = 60 * minute;

/** An instant at a wall time of Amara's zone (Lagos, UTC+1 all year), as the provider writes it. */
const lagos = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone: 'Africa/Lagos' }).toUTC().toISO() as string;

/** Each test books in a week of its own (the Monday at midnight UTC is its "now"): no test's lessons are in another's way. */
let weeks = 0;
function freshWeek(): { now: string; day: (offset: number) => string } {
  const monday = DateTime.fromISO('2027-01-04T00:00:00Z', { zone: 'UTC' }).plus({ weeks: (weeks += 1) });
  jest.setSystemTime(monday.toJSDate());
  return { now: monday.toISO() as string, day: (offset) => monday.plus({ days: offset }).toISODate() as string };
}

/** The demo provider, its sessions kept for the whole run whatever the clock says, and the lesson types. */
async function startLessonsProvider(options: Parameters<typeof startDemoProvider>[0] = {}) {
  const started = await startDemoProvider(options);
  const { provider, ids, amara, kwame } = started;
  await inDatabase(provider, (queries) => queries.run(sql`UPDATE sessions SET expires_at = '9999-12-31T00:00:00.000Z'`));
  const typesOf = async (teacherId: number) =>
    (await started.visitor.get<{ lesson_types: { id: number; title: string }[] }>(`/api/teacher-lessons/${teacherId}/`)).body.lesson_types;
  const addType = async (client: Client, teacherId: number, form: Record<string, string>) =>
    (await client.post<{ id: number }>(`/api/teacher-lessons/${teacherId}/types/`, { form: { languages: '["English"]', ...form } })).body.id;
  await kwame.put(`/api/teacher-lessons/${ids.otherTeacherId}/`, {
    form: {
      time_zone: 'Europe/London',
      min_notice_hours: '0',
      cancellation_hours: '24',
      weekly_hours: JSON.stringify([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' }))),
      days_off: '[]',
    },
  });
  const amaras = await typesOf(ids.teacherId);
  const types: Types = {
    trial: amaras.find((type) => type.title === 'Trial lesson')!.id,
    conversation: amaras.find((type) => type.title === 'Conversation practice')!.id,
    quick: await addType(amara, ids.teacherId, { title: 'Quick chat', minutes: '25', free_trial: 'false', price: '10' }),
    kwameTalk: await addType(kwame, ids.otherTeacherId, { title: 'Twi talk', minutes: '25', free_trial: 'false', price: '15' }),
    kwameTrial: await addType(kwame, ids.otherTeacherId, { title: 'First Twi lesson', minutes: '25', free_trial: 'true', price: '' }),
  };
  return { ...started, types };
}

const book = (client: Client, studentId: number, typeId: number, startsAt: string) =>
  client.post<Booking>('/api/lessons/', { form: { student_id: studentId, lesson_type_id: typeId, starts_at: startsAt } });
const cancel = (client: Client, lessonId: number, reason?: string) =>
  client.post<Lesson & { msg?: string }>(`/api/lessons/${lessonId}/cancel/`, { form: reason === undefined ? {} : { reason } });
const move = (client: Client, lessonId: number, startsAt: string) =>
  client.post<Lesson & { msg?: string }>(`/api/lessons/${lessonId}/move/`, { form: { starts_at: startsAt } });
const studentLessons = (client: Client, studentId: number, query = '') => client.get<LessonList>(`/api/student-lessons/${studentId}/${query}`);
const teacherBookings = (client: Client, teacherId: number, query = '') => client.get<LessonList>(`/api/teacher-lessons/${teacherId}/bookings/${query}`);

/** The starts free for a lesson of `minutes` on the teacher's `date` (a UTC day). */
async function freeStarts(client: Client, teacherId: number, date: string, minutes = 25): Promise<string[]> {
  const { body } = await client.get<{ times: { start: string }[] }>(
    `/api/teacher-lessons/${teacherId}/free-times/?from=${encodeURIComponent(`${date}T00:00:00Z`)}&days=1&minutes=${minutes}`,
  );
  return body.times.map((time) => time.start);
}

/** The checkout page's form for `action`, as the browser would post it. */
async function checkoutForm(client: Client, url: string, action: 'pay' | 'cancel') {
  const page = await (await client.request('GET', url)).text();
  // A page without forms (a lapsed hold) leaves the token to the cookie, as a form kept open in another tab would send it.
  const token = /name="xsrf_token" value="([^"]+)"/.exec(page)?.[1] ?? client.cookies.get('XSRF-TOKEN');
  return { page, post: () => client.request('POST', `${url}/${action}`, { form: { xsrf_token: token }, xsrf: false }) };
}

/** A lesson held and paid on the local checkout (or a free trial, booked at once). */
async function bookAndPay(client: Client, studentId: number, typeId: number, startsAt: string): Promise<Lesson> {
  const held = await book(client, studentId, typeId, startsAt);
  expect(held.status).toBe(201);
  if (held.body.checkout) expect((await (await checkoutForm(client, held.body.checkout.url, 'pay')).post()).status).toBe(303);
  return { ...held.body.lesson, status: 'booked', pay_until: null };
}

const timeTaken = 'This time is no longer free. Please choose another.';

describe('booking lessons with the local checkout', () => {
  useFakeClock();
  let provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client, kofi: Client, amara: Client, kwame: Client, types: Types;

  beforeAll(async () => {
    ({ provider, ids, visitor, maria, kofi, amara, kwame, types } = await startLessonsProvider());
  });
  afterAll(() => provider.stop());

  const lessonRow = (lessonId: number) =>
    inDatabase(provider, (queries) => queries.one(sql<{ status: string; cancelled_by: string | null; refund: string | null; sequence: number }>`
      SELECT status, cancelled_by, refund, sequence FROM lessons WHERE id = ${lessonId}`));
  const quartersOf = (lessonId: number) =>
    inDatabase(provider, async (queries) => (await queries.all(sql<{ starts_at: string }>`SELECT starts_at FROM lesson_quarters WHERE lesson_id = ${lessonId} ORDER BY starts_at`)).map((row) => row.starts_at));
  const paymentsOf = (lessonId: number) =>
    inDatabase(provider, (queries) =>
      queries.all(sql<{ course_id: number | null; method: string; amount_minor: number; refunded_at: string | null }>`
        SELECT course_id, method, amount_minor, refunded_at FROM payments WHERE lesson_id = ${lessonId}`),
    );

  describe('booking', () => {
    it('books a free trial at once (booked, no checkout, the type copied) and its time is no longer free', async () => {
      const { now, day } = freshWeek();
      const startsAt = lagos(day(1), '10:00');
      const booked = await book(kofi, ids.otherStudentId, types.trial, startsAt);
      expect(booked.status).toBe(201);
      expect(booked.body).toEqual({
        lesson: {
          id: expect.any(Number),
          teacher_id: ids.teacherId,
          teacher_name: 'Amara Okafor',
          student_id: ids.otherStudentId,
          student_name: 'Kofi Boateng',
          lesson_type_id: types.trial,
          title: 'Trial lesson',
          minutes: 25,
          free_trial: true,
          price: '0.00',
          languages: ['Spanish', 'French', 'English'],
          starts_at: startsAt,
          ends_at: new Date(Date.parse(startsAt) + 25 * minute).toISOString(),
          status: 'booked',
          pay_until: null,
          cancellable_until: new Date(Date.parse(startsAt) - 24 * hour).toISOString(),
          cancelled_by: null,
          cancel_reason: null,
          refund: null,
          note: null,
          homework_assignment_id: null,
          rating: null,
          rating_comment: null,
        },
        checkout: null,
      });
      expect(Date.parse(now)).toBeLessThan(Date.parse(startsAt));
      expect(await quartersOf(booked.body.lesson.id)).toEqual([startsAt, new Date(Date.parse(startsAt) + 15 * minute).toISOString()]);
      const free = await freeStarts(visitor, ids.teacherId, day(1));
      expect(free).not.toContain(startsAt);
      expect(free).toContain(lagos(day(1), '09:30'));
      expect(free).toContain(lagos(day(1), '10:30'));
    });

    it('holds a paid lesson for 35 minutes with a checkout; booking it again while held answers the same lesson and checkout', async () => {
      const { now, day } = freshWeek();
      const startsAt = lagos(day(1), '10:00');
      const held = await book(maria, ids.studentId, types.conversation, startsAt);
      expect(held.status).toBe(201);
      expect(held.body.lesson).toMatchObject({ status: 'awaiting_payment', title: 'Conversation practice', minutes: 50, price: '20.00', free_trial: false });
      expect(Date.parse(held.body.lesson.pay_until!) - Date.parse(now)).toBeGreaterThanOrEqual(35 * minute);
      expect(Date.parse(held.body.lesson.pay_until!) - Date.parse(now)).toBeLessThan(36 * minute);
      expect(held.body.checkout).toEqual({ session_id: expect.stringMatching(/^cs_local_/), url: `/api/checkout/${held.body.checkout!.session_id}` });
      // Held: not free to others.
      expect(await freeStarts(visitor, ids.teacherId, day(1), 50)).not.toContain(startsAt);

      passTime(10 * minute);
      const again = await book(maria, ids.studentId, types.conversation, startsAt);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(held.body);

      const { page } = await checkoutForm(maria, held.body.checkout!.url, 'pay');
      expect(page).toContain('<title>Checkout: Conversation practice | Language Academy</title>');
      expect(page).toContain('<dt>Lesson</dt><dd>Conversation practice</dd>');
      expect(page).toContain('<dt>Teacher</dt><dd>Amara Okafor</dd>');
      const weekday = DateTime.fromISO(startsAt, { zone: 'UTC' }).toFormat('cccc d LLLL yyyy');
      expect(page).toContain(`<dt>Time</dt><dd>${weekday}, 09:00–09:50 UTC</dd>`);
      expect(page).toContain('<dt>Price</dt><dd>$20.00</dd>');
      expect(page).toContain('Pay $20.00');
    });

    it('books the held lesson on Pay: the payment recorded for the lesson, a receipt, and back to the lessons', async () => {
      const { day } = freshWeek();
      const held = await book(maria, ids.studentId, types.conversation, lagos(day(2), '16:00'));
      const { post } = await checkoutForm(maria, held.body.checkout!.url, 'pay');
      const paid = await post();
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe('/student-lessons?checkout=success');
      expect((await lessonRow(held.body.lesson.id))!.status).toBe('booked');
      expect(await paymentsOf(held.body.lesson.id)).toEqual([{ course_id: null, method: 'local', amount_minor: 2000, refunded_at: null }]);
      const upcoming = await teacherBookings(amara, ids.teacherId);
      expect(upcoming.body.lessons.find((lesson) => lesson.id === held.body.lesson.id)).toMatchObject({ status: 'booked', pay_until: null });

      const mails = await maria.mailsTo(demoLogins.student.email);
      expect(mails.map((mail) => mail.subject)).toContain('Lesson booked: Conversation practice with Amara Okafor');
      const receipt = mails.find((mail) => mail.subject.startsWith('Your receipt'))!;
      expect(receipt.subject).toBe('Your receipt from Language Academy: Conversation practice');
      expect(receipt.text).toContain('Lesson: Conversation practice\nTeacher: Amara Okafor\nTime: ');
      expect(receipt.text).toContain('Amount: $20.00');
      expect(receipt.text).toContain('no card was charged');
      // Paying again charges nothing more.
      expect((await post()).status).toBe(303);
      expect(await paymentsOf(held.body.lesson.id)).toHaveLength(1);
    });

    it("lets the hold go on the checkout's Cancel: back to the lessons, and its time free again", async () => {
      const { day } = freshWeek();
      const startsAt = lagos(day(2), '09:00');
      const held = await book(maria, ids.studentId, types.quick, startsAt);
      const cancelled = await (await checkoutForm(maria, held.body.checkout!.url, 'cancel')).post();
      expect(cancelled.status).toBe(303);
      expect(cancelled.headers.get('location')).toBe('/student-lessons?checkout=cancel');
      expect(await lessonRow(held.body.lesson.id)).toMatchObject({ status: 'cancelled', cancelled_by: null, refund: null });
      expect(await freeStarts(visitor, ids.teacherId, day(2))).toContain(startsAt);
      expect((await book(kofi, ids.otherStudentId, types.quick, startsAt)).status).toBe(201);
    });

    it('refuses Pay once the hold has lapsed, charging nothing, and lets its time go', async () => {
      const { day } = freshWeek();
      const startsAt = lagos(day(1), '11:00');
      const held = await book(maria, ids.studentId, types.quick, startsAt);
      passTime(35 * minute + 1000);
      const { page, post } = await checkoutForm(maria, held.body.checkout!.url, 'pay');
      expect(page).toContain('This booking has lapsed: the time was held for 35 minutes. Please book it again. Nothing will be charged.');
      expect(page).not.toContain('class="pay"');
      const refused = await post();
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ msg: 'This booking has lapsed: the time was held for 35 minutes. Please book it again.' });
      expect(await paymentsOf(held.body.lesson.id)).toEqual([]);
      expect(await lessonRow(held.body.lesson.id)).toMatchObject({ status: 'cancelled', cancelled_by: null, refund: null });
      expect(await quartersOf(held.body.lesson.id)).toEqual([]);
      expect(await freeStarts(visitor, ids.teacherId, day(1))).toContain(startsAt);
    });

    it('lets a lapsed hold go when another student books its time; it is in neither of its student\'s lists', async () => {
      const { day } = freshWeek();
      const startsAt = lagos(day(3), '09:00');
      const held = await book(maria, ids.studentId, types.quick, startsAt);
      expect(await freeStarts(visitor, ids.teacherId, day(3))).not.toContain(startsAt);
      passTime(36 * minute);
      // Lapsed: free in the list already, and taken by the next booking.
      expect(await freeStarts(visitor, ids.teacherId, day(3))).toContain(startsAt);
      expect((await book(kofi, ids.otherStudentId, types.quick, startsAt)).status).toBe(201);
      expect(await lessonRow(held.body.lesson.id)).toMatchObject({ status: 'cancelled', cancelled_by: null, refund: null });
      for (const when of ['upcoming', 'past']) {
        expect((await studentLessons(maria, ids.studentId, `?when=${when}`)).body.lessons.map((lesson) => lesson.id)).not.toContain(held.body.lesson.id);
      }
    });

    it('gives one of two students booking the same time at once the lesson, and the other a 400', async () => {
      const { day } = freshWeek();
      const startsAt = lagos(day(1), '17:00');
      const answers = await Promise.all([book(maria, ids.studentId, types.quick, startsAt), book(kofi, ids.otherStudentId, types.quick, startsAt)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
      expect(answers.find((answer) => answer.status === 400)!.body).toEqual({ msg: timeTaken });
      const lessons = await inDatabase(provider, (queries) =>
        queries.all(sql`SELECT id FROM lessons WHERE teacher_id = ${ids.teacherId} AND starts_at = ${startsAt}`),
      );
      expect(lessons).toHaveLength(1);
    });

    it('blocks the 25-minute starts a 50-minute lesson overlaps, and no others', async () => {
      const { day } = freshWeek();
      expect((await book(maria, ids.studentId, types.conversation, lagos(day(1), '10:00'))).status).toBe(201);
      const free = await freeStarts(visitor, ids.teacherId, day(1));
      expect(free).toEqual(expect.arrayContaining([lagos(day(1), '09:30'), lagos(day(1), '11:00')]));
      expect(free).not.toContain(lagos(day(1), '10:00'));
      expect(free).not.toContain(lagos(day(1), '10:30'));
      expect((await book(kofi, ids.otherStudentId, types.quick, lagos(day(1), '10:30'))).body).toEqual({ msg: timeTaken });
      expect((await book(kofi, ids.otherStudentId, types.quick, lagos(day(1), '11:00'))).status).toBe(201);
      // A 50-minute start whose lesson would reach the held one is not free either.
      expect(await freeStarts(visitor, ids.teacherId, day(1), 50)).not.toContain(lagos(day(1), '09:30'));
    });

    it("refuses a student's lesson with another teacher at an overlapping time", async () => {
      const { day } = freshWeek();
      expect((await book(maria, ids.studentId, types.conversation, lagos(day(1), '10:00'))).status).toBe(201);
      // 09:30 UTC is 10:30 in Lagos: inside Maria's lesson with Amara.
      const overlapping = await book(maria, ids.studentId, types.kwameTalk, `${day(1)}T09:30:00.000Z`);
      expect(overlapping).toMatchObject({ status: 400, body: { msg: 'You already have a lesson at this time.' } });
      expect((await book(maria, ids.studentId, types.kwameTalk, `${day(1)}T10:00:00.000Z`)).status).toBe(201);
    });

    it('gives a student one free trial per teacher: again after a cancel with a refund, not after one without', async () => {
      const { day } = freshWeek();
      const first = await book(kofi, ids.otherStudentId, types.kwameTrial, `${day(2)}T10:00:00.000Z`);
      expect(first.status).toBe(201);
      const second = await book(kofi, ids.otherStudentId, types.kwameTrial, `${day(3)}T10:00:00.000Z`);
      expect(second).toMatchObject({ status: 400, body: { msg: 'You have already had your free trial with this teacher.' } });
      // Cancelled before the window: refunded, so the trial may be booked again.
      expect((await cancel(kofi, first.body.lesson.id)).body).toMatchObject({ status: 'cancelled', refund: 'full' });
      const again = await book(kofi, ids.otherStudentId, types.kwameTrial, `${day(3)}T10:00:00.000Z`);
      expect(again.status).toBe(201);
      // Cancelled inside the window: no refund, and the trial counts as taken.
      passTime(Date.parse(again.body.lesson.cancellable_until) - Date.now() + minute);
      expect((await cancel(kofi, again.body.lesson.id)).body).toMatchObject({ status: 'cancelled', refund: 'none' });
      expect((await book(kofi, ids.otherStudentId, types.kwameTrial, `${day(4)}T10:00:00.000Z`)).body).toEqual({
        msg: 'You have already had your free trial with this teacher.',
      });
    });

    it('gives two tabs booking the free trial at once one trial', async () => {
      const { day } = freshWeek();
      const answers = await Promise.all([
        book(maria, ids.studentId, types.kwameTrial, `${day(2)}T12:00:00.000Z`),
        book(maria, ids.studentId, types.kwameTrial, `${day(3)}T12:00:00.000Z`),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
      expect(answers.find((answer) => answer.status === 400)!.body).toEqual({ msg: 'You have already had your free trial with this teacher.' });
    });

    it.each([
      ['outside the hours', (day: (offset: number) => string) => lagos(day(1), '13:00'), timeTaken],
      ['off the half-hour grid', (day: (offset: number) => string) => lagos(day(1), '10:15'), timeTaken],
      ['sooner than the notice', (day: (offset: number) => string) => lagos(day(0), '10:00'), timeTaken],
      ['on a Saturday', (day: (offset: number) => string) => lagos(day(5), '10:00'), timeTaken],
      ['without its zone', (day: (offset: number) => string) => `${day(1)}T09:00:00`, 'The start must be a date and time with its zone, like 2026-12-07T09:00:00Z.'],
      ['that is no time', () => 'tomorrow at nine', 'The start must be a date and time with its zone, like 2026-12-07T09:00:00Z.'],
    ])('refuses a start %s, 400 with msg', async (_case, startOf, msg) => {
      const { day } = freshWeek();
      expect(await book(maria, ids.studentId, types.quick, startOf(day))).toMatchObject({ status: 400, body: { msg } });
    });

    it('is the student\'s own: 401 without the session, 403 for another student; 404 for an unknown type or a teacher not approved', async () => {
      const { day } = freshWeek();
      const startsAt = lagos(day(1), '10:00');
      expect((await book(visitor, ids.studentId, types.quick, startsAt)).status).toBe(401);
      expect((await book(amara, ids.studentId, types.quick, startsAt)).status).toBe(401);
      expect((await book(kofi, ids.studentId, types.quick, startsAt)).status).toBe(403);
      expect(await book(maria, ids.studentId, 999_999, startsAt)).toMatchObject({ status: 404, body: { msg: 'Lesson type not found.' } });
      const pendingType = await inDatabase(provider, async (queries) => {
        const pending = await queries.one(sql<{ id: number }>`SELECT id FROM teachers WHERE email = ${demoLogins.pendingTeacher.email}`);
        const row = await queries.one(sql<{ id: number }>`INSERT INTO lesson_types (teacher_id, title, minutes, free_trial, price, languages, created_at)
          VALUES (${pending!.id}, 'Waiting', 25, 0, '5.00', '[]', ${new Date().toISOString()}) RETURNING id`);
        return row!.id;
      });
      expect(await book(maria, ids.studentId, pendingType, startsAt)).toMatchObject({ status: 404, body: { msg: 'Teacher not found.' } });
      expect(await inDatabase(provider, (queries) => queries.all(sql`SELECT id FROM lessons WHERE starts_at = ${startsAt}`))).toEqual([]);
    });

    it('keeps the instant of a lesson booked across the March change (Europe/London)', async () => {
      // Friday 26 March 2027, GMT; the lesson is on Monday 29 March at 09:00 BST.
      jest.setSystemTime(new Date('2027-03-26T12:00:00Z'));
      const booked = await book(kofi, ids.otherStudentId, types.kwameTalk, '2027-03-29T09:00:00+01:00');
      expect(booked.status).toBe(201);
      await (await checkoutForm(kofi, booked.body.checkout!.url, 'pay')).post();
      expect(booked.body.lesson).toMatchObject({ starts_at: '2027-03-29T08:00:00.000Z', ends_at: '2027-03-29T08:25:00.000Z', cancellable_until: '2027-03-28T08:00:00.000Z' });
      // After the clocks went forward, the lesson is where it was.
      jest.setSystemTime(new Date('2027-03-28T12:00:00Z'));
      const [upcoming] = (await studentLessons(kofi, ids.otherStudentId)).body.lessons.filter((lesson) => lesson.id === booked.body.lesson.id);
      expect(upcoming).toMatchObject({ starts_at: '2027-03-29T08:00:00.000Z', ends_at: '2027-03-29T08:25:00.000Z' });
      const free = await freeStarts(visitor, ids.otherTeacherId, '2027-03-29');
      expect(free).not.toContain('2027-03-29T08:00:00.000Z');
      expect(free).toContain('2027-03-29T08:30:00.000Z');
    });

    it('books the hour the clocks repeat in October once, at its first occurrence, and keeps it there (Europe/London)', async () => {
      // Friday 29 October 2027, BST; on Sunday 31 October the clocks go back at 02:00 BST to 01:00 GMT.
      jest.setSystemTime(new Date('2027-10-29T12:00:00Z'));
      const free = await freeStarts(visitor, ids.otherTeacherId, '2027-10-31');
      // 01:00 and 01:30 are offered once (BST: 00:00Z and 00:30Z), never again at 01:00Z and 01:30Z; 02:00 GMT is 02:00Z.
      expect(free.slice(0, 6)).toEqual([
        '2027-10-31T00:00:00.000Z',
        '2027-10-31T00:30:00.000Z',
        '2027-10-31T02:00:00.000Z',
        '2027-10-31T02:30:00.000Z',
        '2027-10-31T03:00:00.000Z',
        '2027-10-31T03:30:00.000Z',
      ]);
      expect(new Set(free).size).toBe(free.length);
      expect((await book(kofi, ids.otherStudentId, types.kwameTalk, '2027-10-31T01:00:00.000Z')).body).toEqual({ msg: timeTaken });
      const booked = await bookAndPay(kofi, ids.otherStudentId, types.kwameTalk, '2027-10-31T01:30:00+01:00');
      expect(booked).toMatchObject({ starts_at: '2027-10-31T00:30:00.000Z', ends_at: '2027-10-31T00:55:00.000Z' });
      // After the change, the lesson is where it was, and its time is no longer free.
      jest.setSystemTime(new Date('2027-10-30T23:00:00Z'));
      const [listed] = (await studentLessons(kofi, ids.otherStudentId)).body.lessons.filter((lesson) => lesson.id === booked.id);
      expect(listed).toMatchObject({ starts_at: '2027-10-31T00:30:00.000Z' });
      expect(await freeStarts(visitor, ids.otherTeacherId, '2027-10-31')).not.toContain('2027-10-31T00:30:00.000Z');
    });

    it('leaves the demo student with nothing booked, and shows the demo teacher\'s free times', async () => {
      const demo = await startDemoProvider();
      try {
        expect((await studentLessons(demo.maria, demo.ids.studentId)).body).toEqual({ count: 0, lessons: [] });
        expect((await studentLessons(demo.maria, demo.ids.studentId, '?when=past')).body).toEqual({ count: 0, lessons: [] });
        const { body } = await demo.visitor.get<{ times: unknown[] }>(`/api/teacher-lessons/${demo.ids.teacherId}/free-times/?days=7`);
        expect(body.times.length).toBeGreaterThan(0);
      } finally {
        await demo.provider.stop();
      }
    });
  });

  describe('cancelling', () => {
    it.each([
      ['the student before the window', 'student', 2, 'full'],
      ['the student inside the window', 'student', 20, 'none'],
      ['the teacher, with a reason', 'teacher', 20, 'full'],
    ] as const)('refunds per the policy: %s', async (_case, by, hoursLater, refund) => {
      const { day } = freshWeek();
      const held = await book(maria, ids.studentId, types.quick, lagos(day(1), '16:00'));
      expect((await (await checkoutForm(maria, held.body.checkout!.url, 'pay')).post()).status).toBe(303);
      passTime(hoursLater * hour);
      const reason = by === 'teacher' ? '  I am ill; I am sorry.  ' : undefined;
      const cancelled = await cancel(by === 'teacher' ? amara : maria, held.body.lesson.id, reason);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({
        status: 'cancelled',
        cancelled_by: by,
        cancel_reason: by === 'teacher' ? 'I am ill; I am sorry.' : null,
        refund,
        pay_until: null,
      });
      expect((await lessonRow(held.body.lesson.id))!.sequence).toBe(1);
      // The local checkout's refund is its record.
      const [payment] = await paymentsOf(held.body.lesson.id);
      expect(payment!.refunded_at === null).toBe(refund === 'none');
      // Its time is free again, and it is in both people's past lessons.
      expect(await quartersOf(held.body.lesson.id)).toEqual([]);
      expect(await freeStarts(visitor, ids.teacherId, day(1))).toContain(lagos(day(1), '16:00'));
      expect((await studentLessons(maria, ids.studentId, '?when=past')).body.lessons.map((lesson) => lesson.id)).toContain(held.body.lesson.id);
      expect((await teacherBookings(amara, ids.teacherId, '?when=past')).body.lessons.map((lesson) => lesson.id)).toContain(held.body.lesson.id);
    });

    it('lets a lesson still awaiting payment go, with no refund; its teacher does not see it', async () => {
      const { day } = freshWeek();
      const held = await book(maria, ids.studentId, types.quick, lagos(day(1), '16:30'));
      expect(await cancel(amara, held.body.lesson.id, 'Sorry')).toMatchObject({ status: 404 });
      const cancelled = await cancel(maria, held.body.lesson.id);
      expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelled_by: 'student', refund: null });
      expect(await cancel(amara, held.body.lesson.id, 'Sorry')).toMatchObject({ status: 404 });
      expect((await teacherBookings(amara, ids.teacherId, '?when=past')).body.lessons.map((lesson) => lesson.id)).not.toContain(held.body.lesson.id);
      expect((await maria.request('GET', held.body.checkout!.url)).status).toBe(200);
      expect(await (await maria.request('GET', held.body.checkout!.url)).text()).toContain('already been cancelled');
    });

    it('refuses a teacher without a reason, a lesson started, and one cancelled already', async () => {
      const { day } = freshWeek();
      const booked = { body: { lesson: await bookAndPay(maria, ids.studentId, types.kwameTalk, `${day(1)}T10:00:00.000Z`) } };
      for (const reason of [undefined, '', '   ']) {
        expect(await cancel(kwame, booked.body.lesson.id, reason)).toMatchObject({ status: 400, body: { msg: 'Please give the student a reason.' } });
      }
      expect((await cancel(kwame, booked.body.lesson.id, 'x'.repeat(501))).status).toBe(400);
      jest.setSystemTime(new Date(`${day(1)}T10:00:00.000Z`));
      expect(await cancel(maria, booked.body.lesson.id)).toMatchObject({ status: 400, body: { msg: 'This lesson has already started.' } });
      expect(await cancel(kwame, booked.body.lesson.id, 'Late')).toMatchObject({ status: 400, body: { msg: 'This lesson has already started.' } });

      const { day: next } = freshWeek();
      const other = await book(maria, ids.studentId, types.kwameTalk, `${next(1)}T10:00:00.000Z`);
      await cancel(maria, other.body.lesson.id);
      expect(await cancel(maria, other.body.lesson.id)).toMatchObject({ status: 400, body: { msg: 'This lesson has already been cancelled.' } });
      expect((await lessonRow(booked.body.lesson.id))!.status).toBe('booked');
    });

    it('is only for the lesson\'s student or teacher: 401 without a session, 403 for others, 404 for none', async () => {
      const { day } = freshWeek();
      const booked = { body: { lesson: await bookAndPay(maria, ids.studentId, types.kwameTalk, `${day(1)}T11:00:00.000Z`) } };
      expect(await cancel(visitor, booked.body.lesson.id)).toMatchObject({ status: 401 });
      expect(await cancel(kofi, booked.body.lesson.id)).toMatchObject({ status: 403 });
      expect(await cancel(amara, booked.body.lesson.id, 'Not mine')).toMatchObject({ status: 403 });
      expect(await cancel(maria, 999_999)).toMatchObject({ status: 404, body: { msg: 'Lesson not found.' } });
      expect((await lessonRow(booked.body.lesson.id))!.status).toBe('booked');
    });
  });

  describe('moving', () => {
    it('moves a booked lesson to another free time: the old time free, the new one taken, its sequence raised', async () => {
      const { day } = freshWeek();
      const booked = await book(maria, ids.studentId, types.conversation, lagos(day(2), '09:00'));
      await (await checkoutForm(maria, booked.body.checkout!.url, 'pay')).post();
      const to = lagos(day(3), '16:30');
      const moved = await move(maria, booked.body.lesson.id, to);
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ status: 'booked', starts_at: to, ends_at: new Date(Date.parse(to) + 50 * minute).toISOString() });
      expect((await lessonRow(booked.body.lesson.id))!.sequence).toBe(1);
      expect(await freeStarts(visitor, ids.teacherId, day(2), 50)).toContain(lagos(day(2), '09:00'));
      expect(await freeStarts(visitor, ids.teacherId, day(3), 50)).not.toContain(to);
      // Half an hour on, over its own old time.
      const later = lagos(day(3), '17:00');
      expect((await move(maria, booked.body.lesson.id, later)).body).toMatchObject({ starts_at: later });
      expect(await quartersOf(booked.body.lesson.id)).toHaveLength(4);
    });

    it('keeps the old time when the new one is taken', async () => {
      const { day } = freshWeek();
      const mine = { body: { lesson: await bookAndPay(maria, ids.studentId, types.kwameTalk, `${day(2)}T10:00:00.000Z`) } };
      await book(kofi, ids.otherStudentId, types.kwameTalk, `${day(2)}T14:00:00.000Z`);
      const refused = await move(maria, mine.body.lesson.id, `${day(2)}T14:00:00.000Z`);
      expect(refused).toMatchObject({ status: 400, body: { msg: timeTaken } });
      expect(await quartersOf(mine.body.lesson.id)).toEqual([`${day(2)}T10:00:00.000Z`, `${day(2)}T10:15:00.000Z`]);
      expect(await lessonRow(mine.body.lesson.id)).toMatchObject({ status: 'booked', sequence: 0 });
      expect((await studentLessons(maria, ids.studentId)).body.lessons.find((lesson) => lesson.id === mine.body.lesson.id)!.starts_at).toBe(`${day(2)}T10:00:00.000Z`);
    });

    it("refuses inside the lesson's own cancellation window, whatever the teacher's is now", async () => {
      const { day } = freshWeek();
      const booked = { body: { lesson: await bookAndPay(maria, ids.studentId, types.kwameTalk, `${day(3)}T10:00:00.000Z`) } };
      // Kwame widens his window afterwards: the lesson keeps the 24 hours it was booked with.
      const hours = (cancellation: string) =>
        kwame.put(`/api/teacher-lessons/${ids.otherTeacherId}/`, {
          form: {
            time_zone: 'Europe/London',
            min_notice_hours: '0',
            cancellation_hours: cancellation,
            weekly_hours: JSON.stringify([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' }))),
            days_off: '[]',
          },
        });
      await hours('48');
      try {
        jest.setSystemTime(new Date(`${day(2)}T10:00:00.000Z`));
        expect(await move(maria, booked.body.lesson.id, `${day(4)}T10:00:00.000Z`)).toMatchObject({
          status: 400,
          body: { msg: 'This lesson starts within 24 hours, so it can no longer be moved.' },
        });
        jest.setSystemTime(new Date(`${day(2)}T09:59:00.000Z`));
        expect((await move(maria, booked.body.lesson.id, `${day(4)}T10:00:00.000Z`)).status).toBe(200);
      } finally {
        await hours('24');
      }
    });

    it('is only the student\'s, for a booked lesson: 401, 403, 404, a hold and a cancelled lesson refused', async () => {
      const { day } = freshWeek();
      const booked = { body: { lesson: await bookAndPay(maria, ids.studentId, types.kwameTalk, `${day(2)}T10:00:00.000Z`) } };
      const to = `${day(2)}T11:00:00.000Z`;
      expect((await move(visitor, booked.body.lesson.id, to)).status).toBe(401);
      expect((await move(kwame, booked.body.lesson.id, to)).status).toBe(401);
      expect((await move(kofi, booked.body.lesson.id, to)).status).toBe(403);
      expect((await move(maria, 999_999, to)).status).toBe(404);
      const held = await book(maria, ids.studentId, types.kwameTalk, `${day(3)}T10:00:00.000Z`);
      expect(await move(maria, held.body.lesson.id, to)).toMatchObject({ status: 400, body: { msg: 'Only a booked lesson can be moved: please pay for it first.' } });
      await cancel(maria, booked.body.lesson.id);
      expect(await move(maria, booked.body.lesson.id, to)).toMatchObject({ status: 400, body: { msg: 'This lesson has already been cancelled.' } });
    });
  });
});

describe('each side\'s lessons', () => {
  useFakeClock();
  let provider: RunningProvider, ids: DemoIds, maria: Client, kofi: Client, amara: Client, kwame: Client, types: Types;

  beforeAll(async () => {
    ({ provider, ids, maria, kofi, amara, kwame, types } = await startLessonsProvider());
  });
  afterAll(() => provider.stop());

  it('lists upcoming lessons earliest first and past ones latest first, 20 a page, with the count; holds only to their student', async () => {
    jest.setSystemTime(new Date('2027-02-01T00:00:00Z'));
    // 22 lessons with Kwame on the next 22 days at 10:00 UTC; the 4th held, not paid.
    const starts = Array.from({ length: 22 }, (_, index) => `2027-02-${String(index + 2).padStart(2, '0')}T10:00:00.000Z`);
    const lessonIds: number[] = [];
    for (const [index, startsAt] of starts.entries()) {
      const booking = await book(maria, ids.studentId, index === 3 ? types.kwameTalk : types.kwameTrial, startsAt);
      expect(booking.status).toBe(201);
      lessonIds.push(booking.body.lesson.id);
      // One trial a teacher: each booked trial made a paid lesson, as if paid.
      if (index !== 3) await inDatabase(provider, (queries) => queries.run(sql`UPDATE lessons SET free_trial = 0 WHERE id = ${booking.body.lesson.id}`));
    }
    // A lapsed hold of Amara's, and a lesson of Kofi's: in no list of Maria's.
    const lapsed = await book(maria, ids.studentId, types.quick, lagos('2027-02-25', '16:00'));
    await book(kofi, ids.otherStudentId, types.kwameTalk, '2027-02-02T12:00:00.000Z');
    passTime(36 * minute);

    const first = await studentLessons(maria, ids.studentId);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(21);
    expect(first.body.lessons.map((lesson) => lesson.starts_at)).toEqual(starts.slice(0, 20).filter((_, index) => index !== 3).concat(starts[20]!));
    expect(first.body.lessons.map((lesson) => lesson.id)).not.toContain(lapsed.body.lesson.id);
    expect((await studentLessons(maria, ids.studentId, '?when=upcoming&page=2')).body.lessons.map((lesson) => lesson.starts_at)).toEqual([starts[21]]);
    expect((await studentLessons(maria, ids.studentId, '?page=3')).body).toEqual({ count: 21, lessons: [] });

    // The 4th held again (a hold still ahead is listed, to its student only).
    await inDatabase(provider, (queries) => queries.run(sql`UPDATE lessons SET pay_until = ${new Date(Date.now() + 10 * minute).toISOString()} WHERE id = ${lessonIds[3]!}`));
    expect((await studentLessons(maria, ids.studentId)).body.count).toBe(22);
    const teachers = await teacherBookings(kwame, ids.otherTeacherId);
    expect(teachers.body.count).toBe(21);
    expect(teachers.body.lessons.map((lesson) => lesson.id)).not.toContain(lessonIds[3]);
    expect(teachers.body.lessons[0]).toMatchObject({ student_name: 'Maria Silva', teacher_name: 'Kwame Mensah', starts_at: starts[0] });

    // A week on: five have ended (the 4th lapsed unpaid); Maria cancels the next one, inside its window.
    jest.setSystemTime(new Date('2027-02-07T12:00:00Z'));
    expect((await cancel(maria, lessonIds[6]!)).body).toMatchObject({ status: 'cancelled', refund: 'none' });
    const past = await studentLessons(maria, ids.studentId, '?when=past');
    expect(past.body.count).toBe(6);
    expect(past.body.lessons.map((lesson) => lesson.id)).toEqual([6, 5, 4, 2, 1, 0].map((index) => lessonIds[index]));
    expect(past.body.lessons[0]).toMatchObject({ status: 'cancelled', cancelled_by: 'student' });
    expect((await teacherBookings(kwame, ids.otherTeacherId, '?when=past')).body.count).toBe(6);
    expect((await studentLessons(maria, ids.studentId)).body.count).toBe(15);
  });

  it('answers 400 for a `when` other than upcoming or past, 401 and 403 for others\' lists', async () => {
    expect((await studentLessons(maria, ids.studentId, '?when=soon')).status).toBe(400);
    expect((await teacherBookings(amara, ids.teacherId, '?when=soon')).status).toBe(400);
    expect((await studentLessons(amara, ids.studentId)).status).toBe(401);
    expect((await studentLessons(kofi, ids.studentId)).status).toBe(403);
    expect((await teacherBookings(maria, ids.teacherId)).status).toBe(401);
    expect((await teacherBookings(kwame, ids.teacherId)).status).toBe(403);
  });
});

describe('booking lessons through Stripe', () => {
  useFakeClock();
  const webhookSecret = 'whsec_test_lessons';
  let imitation: StripeImitation, provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client, types: Types;
  let events = 0;

  beforeAll(async () => {
    imitation = await startStripeImitation();
    ({ provider, ids, visitor, maria, types } = await startLessonsProvider({
      stripe: { secretKey: 'sk_test_imitation', webhookSecret, apiBase: imitation.url },
      // The sweep that tries failed refunds again, often enough for a test to see it.
      uploadSweepIntervalMs: 200,
    }));
  });
  afterAll(async () => {
    await provider.stop();
    await imitation.stop();
  });

  const deliver = (type: string, object: object) => {
    const payload = JSON.stringify({ id: `evt_lessons_${(events += 1)}`, object: 'event', type, data: { object } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    return visitor.post('/api/stripe-webhook/', { raw: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, xsrf: false });
  };
  const completed = (sessionId: string, paymentIntent: string) => ({ ...imitation.sessions.get(sessionId), payment_status: 'paid', status: 'complete', payment_intent: paymentIntent });
  const payment = (lessonId: number) =>
    inDatabase(provider, (queries) =>
      queries.one(sql<{ method: string; amount_minor: number; stripe_payment_intent: string; refunded_at: string | null; stripe_refund_id: string | null }>`
        SELECT method, amount_minor, stripe_payment_intent, refunded_at, stripe_refund_id FROM payments WHERE lesson_id = ${lessonId}`),
    );
  const status = async (lessonId: number) =>
    (await inDatabase(provider, (queries) => queries.one(sql<{ status: string }>`SELECT status FROM lessons WHERE id = ${lessonId}`)))!.status;

  /** A lesson with Kwame held through Stripe, then paid by its completed event. */
  const paidLesson = async (startsAt: string, paymentIntent: string) => {
    const held = await book(maria, ids.studentId, types.kwameTalk, startsAt);
    expect((await deliver('checkout.session.completed', completed(held.body.checkout!.session_id, paymentIntent))).status).toBe(200);
    return held.body.lesson;
  };

  it('holds a paid lesson with a Checkout Session for it that expires with the hold and comes back to the lessons', async () => {
    const { day } = freshWeek();
    const held = await book(maria, ids.studentId, types.kwameTalk, `${day(1)}T10:00:00.000Z`);
    expect(held.status).toBe(201);
    expect(held.body.checkout!.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_imitation\d+$/);
    const request = imitation.requests.at(-1)!;
    expect(request.idempotencyKey).toMatch(/^checkout-cs_local_/);
    expect(request.form).toMatchObject({
      'line_items[0][price_data][unit_amount]': '1500',
      'line_items[0][price_data][product_data][name]': 'Twi talk',
      'metadata[student_id]': String(ids.studentId),
      'metadata[lesson_id]': String(held.body.lesson.id),
      expires_at: String(Math.floor(Date.parse(held.body.lesson.pay_until!) / 1000)),
      success_url: 'http://localhost:8080/student-lessons?checkout=success',
      cancel_url: 'http://localhost:8080/student-lessons?checkout=cancel',
    });
    expect(request.form['metadata[course_id]']).toBeUndefined();
    // Again while held: the same session, no second one.
    const sent = imitation.requests.length;
    expect((await book(maria, ids.studentId, types.kwameTalk, `${day(1)}T10:00:00.000Z`)).body.checkout).toEqual(held.body.checkout);
    expect(imitation.requests).toHaveLength(sent);
  });

  it('books the lesson on its completed event, recording the payment and mailing the receipt once', async () => {
    const { day } = freshWeek();
    const lesson = await paidLesson(`${day(1)}T11:00:00.000Z`, 'pi_lesson_paid');
    expect(await status(lesson.id)).toBe('booked');
    expect(await payment(lesson.id)).toEqual({ method: 'stripe', amount_minor: 1500, stripe_payment_intent: 'pi_lesson_paid', refunded_at: null, stripe_refund_id: null });
    const receipts = (await maria.mailsTo(demoLogins.student.email)).filter((mail) => mail.subject.startsWith('Your receipt'));
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts as [{ subject: string; text: string }];
    expect(receipt.subject).toBe('Your receipt from Language Academy: Twi talk');
    expect(receipt.text).not.toContain('test payment');
  });

  it('refunds a lesson cancelled with a full refund at Stripe, one refund per lesson, and records it', async () => {
    const { day } = freshWeek();
    const lesson = await paidLesson(`${day(2)}T10:00:00.000Z`, 'pi_lesson_cancelled');
    const sent = imitation.refundRequests.length;
    expect((await cancel(maria, lesson.id)).body).toMatchObject({ status: 'cancelled', refund: 'full' });
    const [refund] = imitation.refundRequests.slice(sent);
    expect(refund).toMatchObject({ form: { payment_intent: 'pi_lesson_cancelled' }, idempotencyKey: `refund-lesson-${lesson.id}` });
    expect(await payment(lesson.id)).toMatchObject({ refunded_at: expect.any(String), stripe_refund_id: expect.stringMatching(/^re_test_imitation/) });
  });

  it('keeps a cancel when Stripe refuses its refund, and the sweep refunds it after', async () => {
    const { day } = freshWeek();
    const lesson = await paidLesson(`${day(2)}T12:00:00.000Z`, 'pi_lesson_retried');
    imitation.refuseNextRefund();
    const cancelled = await cancel(maria, lesson.id);
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled', refund: 'full' } });
    for (let tries = 0; tries < 50 && (await payment(lesson.id))!.refunded_at === null; tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await payment(lesson.id)).toMatchObject({ refunded_at: expect.any(String), stripe_refund_id: expect.stringMatching(/^re_test_imitation/) });
    expect(imitation.refundRequests.filter((request) => request.form.payment_intent === 'pi_lesson_retried').length).toBeGreaterThanOrEqual(2);
  });

  it('refunds a payment that arrives for a hold already let go, and lets an expired session\'s hold go', async () => {
    const { day } = freshWeek();
    const held = await book(maria, ids.studentId, types.kwameTalk, `${day(3)}T10:00:00.000Z`);
    expect((await cancel(maria, held.body.lesson.id)).body).toMatchObject({ status: 'cancelled', refund: null });
    expect((await deliver('checkout.session.completed', completed(held.body.checkout!.session_id, 'pi_lesson_late'))).status).toBe(200);
    expect(await status(held.body.lesson.id)).toBe('cancelled');
    expect(await payment(held.body.lesson.id)).toMatchObject({ stripe_payment_intent: 'pi_lesson_late', refunded_at: expect.any(String) });

    const expiring = await book(maria, ids.studentId, types.kwameTalk, `${day(3)}T12:00:00.000Z`);
    expect((await deliver('checkout.session.expired', { ...imitation.sessions.get(expiring.body.checkout!.session_id), status: 'expired' })).status).toBe(200);
    expect(await status(expiring.body.lesson.id)).toBe('cancelled');
    expect(await freeStarts(visitor, ids.otherTeacherId, day(3))).toContain(`${day(3)}T12:00:00.000Z`);
  });
});
