/**
 * A teacher's one-to-one lessons (extension, issue 40): the hours in the teacher's own zone, days
 * off, booking rules and lesson types (anyone reads them, only the teacher changes them), and the
 * free times computed from them, across the daylight-saving changes of 2027.
 */
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { freeTimes } from '../../provider/src/lessonTimes';
import { type Client, type DemoIds, type RunningProvider, demoLogins, inDatabase, startDemoProvider, useFakeClock } from './support';

interface Range {
  weekday: number;
  start: string;
  end: string;
}

interface LessonType {
  id: number;
  teacher_id: number;
  title: string;
  minutes: number;
  free_trial: boolean;
  price: string;
  languages: string[];
}

interface Lessons {
  teacher_id: number;
  time_zone: string | null;
  min_notice_hours: number;
  cancellation_hours: number;
  weekly_hours: Range[];
  days_off: string[];
  lesson_types: LessonType[];
  msg?: string;
}

interface FreeTimes {
  time_zone: string | null;
  minutes: number;
  times: { start: string; end: string }[];
  msg?: string;
}

const everyDay = (...hours: [string, string][]): Range[] =>
  [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => hours.map(([start, end]) => ({ weekday, start, end })));

describe('a teacher\'s lessons and hours', () => {
  useFakeClock();
  let provider: RunningProvider, ids: DemoIds, visitor: Client, amara: Client, kwame: Client;
  let pendingTeacherId: number;

  beforeAll(async () => {
    ({ provider, ids, visitor, amara, kwame } = await startDemoProvider());
    pendingTeacherId = await inDatabase(provider, async (queries) => {
      const row = await queries.one(sql<{ id: number }>`SELECT id FROM teachers WHERE email = ${demoLogins.pendingTeacher.email}`);
      return Number(row!.id);
    });
  });

  afterAll(() => provider.stop());

  /** The real time at each test's start, where the faked clock begins (`useFakeClock`). */
  let realNow: number;
  beforeEach(() => {
    realNow = Date.now();
  });

  const lessonsUrl = (teacherId: number) => `/api/teacher-lessons/${teacherId}/`;
  const typesUrl = (teacherId: number, typeId?: number) => `/api/teacher-lessons/${teacherId}/types/${typeId === undefined ? '' : `${typeId}/`}`;
  const freeTimesUrl = (teacherId: number, query = '') => `/api/teacher-lessons/${teacherId}/free-times/${query}`;

  const settingsForm = (fields: Partial<Record<'time_zone' | 'min_notice_hours' | 'cancellation_hours' | 'weekly_hours' | 'days_off', string>> = {}) => ({
    time_zone: 'Africa/Lagos',
    min_notice_hours: '12',
    cancellation_hours: '24',
    weekly_hours: '[]',
    days_off: '[]',
    ...fields,
  });
  const saveSettings = (client: Client, teacherId: number, fields: Parameters<typeof settingsForm>[0] = {}) =>
    client.put<Lessons>(lessonsUrl(teacherId), { form: settingsForm(fields) });
  /** Amara's hours set for a free-times test (in real time, where her session is), then "now" moved. */
  const hoursThenClock = async (fields: Parameters<typeof settingsForm>[0], now: string) => {
    jest.setSystemTime(realNow);
    expect((await saveSettings(amara, ids.teacherId, fields)).status).toBe(200);
    jest.setSystemTime(new Date(now));
  };

  const typeForm = (fields: Partial<Record<'title' | 'minutes' | 'free_trial' | 'price' | 'languages', string>> = {}) => ({
    title: 'Conversation',
    minutes: '50',
    free_trial: 'false',
    price: '20',
    languages: '["Spanish"]',
    ...fields,
  });

  describe('the public read', () => {
    it('answers the demo teacher\'s hours in Lagos, by weekday then start, and their lesson types in the order added', async () => {
      const answer = await visitor.get<Lessons>(lessonsUrl(ids.teacherId));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        teacher_id: ids.teacherId,
        time_zone: 'Africa/Lagos',
        min_notice_hours: 12,
        cancellation_hours: 24,
        weekly_hours: [1, 2, 3, 4, 5].flatMap((weekday) => [
          { weekday, start: '09:00', end: '12:00' },
          { weekday, start: '16:00', end: '19:00' },
        ]),
        days_off: [],
        lesson_types: [
          { id: expect.any(Number), teacher_id: ids.teacherId, title: 'Trial lesson', minutes: 25, free_trial: true, price: '0.00', languages: ['Spanish', 'French', 'English'] },
          { id: expect.any(Number), teacher_id: ids.teacherId, title: 'Conversation practice', minutes: 50, free_trial: false, price: '20.00', languages: ['Spanish', 'French'] },
        ],
      });
    });

    it('answers a teacher who has set nothing with no zone, 12 and 24 hours, and no hours, days off or types', async () => {
      const answer = await visitor.get<Lessons>(lessonsUrl(ids.otherTeacherId));
      expect(answer).toMatchObject({
        status: 200,
        body: { teacher_id: ids.otherTeacherId, time_zone: null, min_notice_hours: 12, cancellation_hours: 24, weekly_hours: [], days_off: [], lesson_types: [] },
      });
      const times = await visitor.get<FreeTimes>(freeTimesUrl(ids.otherTeacherId));
      expect(times).toMatchObject({ status: 200, body: { time_zone: null, minutes: 25, times: [] } });
    });

    it('answers 404 for an unknown teacher and for one not yet approved, 400 for an id that is none', async () => {
      for (const teacherId of [999_999, pendingTeacherId]) {
        expect(await visitor.get(lessonsUrl(teacherId))).toMatchObject({ status: 404, body: { msg: 'Teacher not found.' } });
        expect(await visitor.get(freeTimesUrl(teacherId))).toMatchObject({ status: 404, body: { msg: 'Teacher not found.' } });
      }
      expect((await visitor.get('/api/teacher-lessons/abc/')).status).toBe(400);
    });
  });

  describe('the teacher\'s hours and rules', () => {
    it('are the teacher\'s own to set: 401 without the session, 403 for another teacher', async () => {
      expect((await saveSettings(visitor, ids.teacherId)).status).toBe(401);
      expect((await saveSettings(kwame, ids.teacherId)).status).toBe(403);
      expect((await visitor.get<Lessons>(lessonsUrl(ids.teacherId))).body.time_zone).toBe('Africa/Lagos');
    });

    it('are saved and read back: the zone as the zone database spells it, hours by weekday then start, days off earliest first', async () => {
      const weekly = [
        { weekday: 3, start: '16:00', end: '19:30' },
        { weekday: 1, start: '12:00', end: '13:00' },
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 7, start: '22:00', end: '24:00' },
      ];
      const saved = await saveSettings(kwame, ids.otherTeacherId, {
        time_zone: 'europe/london',
        min_notice_hours: '0',
        cancellation_hours: '168',
        weekly_hours: JSON.stringify(weekly),
        days_off: '["2027-01-01", "2026-12-25"]',
      });
      const expected = {
        teacher_id: ids.otherTeacherId,
        time_zone: 'Europe/London',
        min_notice_hours: 0,
        cancellation_hours: 168,
        weekly_hours: [weekly[2], weekly[1], weekly[0], weekly[3]],
        days_off: ['2026-12-25', '2027-01-01'],
        lesson_types: [],
      };
      expect(saved).toMatchObject({ status: 200, body: expected });
      expect((await visitor.get<Lessons>(lessonsUrl(ids.otherTeacherId))).body).toEqual(expected);
      // Back to nothing set but the zone.
      const cleared = await saveSettings(kwame, ids.otherTeacherId, { time_zone: 'America/New_York' });
      expect(cleared.body).toMatchObject({ time_zone: 'America/New_York', min_notice_hours: 12, cancellation_hours: 24, weekly_hours: [], days_off: [] });
    });

    it.each([
      ['an unknown zone', { time_zone: 'Mars/Olympus_Mons' }, 'The time zone is not valid: choose a place like Europe/London.'],
      ['an offset for a zone', { time_zone: '+01:00' }, 'The time zone is not valid: choose a place like Europe/London.'],
      ['an empty zone', { time_zone: '' }, 'The time zone is not valid: choose a place like Europe/London.'],
      ['hours that are not JSON', { weekly_hours: '[{"weekday":1' }, 'The weekly hours are not valid.'],
      ['hours that are not a list', { weekly_hours: '{"weekday":1}' }, 'The weekly hours are not valid.'],
      ['a weekday 0', { weekly_hours: '[{"weekday":0,"start":"09:00","end":"10:00"}]' }, 'Each range of the weekly hours needs a weekday from 1 (Monday) to 7 (Sunday).'],
      ['a weekday 8', { weekly_hours: '[{"weekday":8,"start":"09:00","end":"10:00"}]' }, 'Each range of the weekly hours needs a weekday from 1 (Monday) to 7 (Sunday).'],
      ['a time without its leading zero', { weekly_hours: '[{"weekday":1,"start":"9:00","end":"10:00"}]' }, 'The hours of Monday must be times like 09:00 or 16:30, on the quarter hour (24:00 for midnight).'],
      ['a time off the quarter hour', { weekly_hours: '[{"weekday":2,"start":"09:10","end":"10:00"}]' }, 'The hours of Tuesday must be times like 09:00 or 16:30, on the quarter hour (24:00 for midnight).'],
      ['a start at 24:00', { weekly_hours: '[{"weekday":2,"start":"24:00","end":"24:00"}]' }, 'The hours of Tuesday must be times like 09:00 or 16:30, on the quarter hour (24:00 for midnight).'],
      ['an end past midnight', { weekly_hours: '[{"weekday":2,"start":"22:00","end":"24:15"}]' }, 'The hours of Tuesday must be times like 09:00 or 16:30, on the quarter hour (24:00 for midnight).'],
      ['an end before the start', { weekly_hours: '[{"weekday":3,"start":"12:00","end":"09:00"}]' }, 'The hours of Wednesday must end after they start.'],
      ['an end at the start', { weekly_hours: '[{"weekday":7,"start":"09:00","end":"09:00"}]' }, 'The hours of Sunday must end after they start.'],
      [
        'overlapping hours',
        { weekly_hours: '[{"weekday":1,"start":"09:00","end":"12:00"},{"weekday":2,"start":"11:00","end":"13:00"},{"weekday":1,"start":"11:45","end":"13:00"}]' },
        'The hours of Monday overlap.',
      ],
      ['51 ranges', { weekly_hours: JSON.stringify(Array.from({ length: 51 }, (_, index) => ({ weekday: (index % 7) + 1, start: `${String(Math.floor(index / 7)).padStart(2, '0')}:00`, end: `${String(Math.floor(index / 7)).padStart(2, '0')}:30` }))) }, 'The weekly hours have at most 50 ranges.'],
      ['days off that are not JSON', { days_off: '2026-12-25' }, 'The days off are not valid.'],
      ['a day off that is no date', { days_off: '["2027-02-30"]' }, 'Each day off must be a date like 2026-12-25.'],
      ['a day off written otherwise', { days_off: '["25/12/2026"]' }, 'Each day off must be a date like 2026-12-25.'],
      ['a day off twice', { days_off: '["2026-12-25","2027-01-01","2026-12-25"]' }, 'The day off 2026-12-25 is listed twice.'],
      ['101 days off', { days_off: JSON.stringify(Array.from({ length: 101 }, (_, index) => DateTime.fromISO('2027-01-01').plus({ days: index }).toISODate())) }, 'There are at most 100 days off.'],
      ['a notice of 169 hours', { min_notice_hours: '169' }, 'The minimum notice must be from 0 to 168 hours.'],
      ['a notice below 0', { min_notice_hours: '-1' }, 'The minimum notice must be from 0 to 168 hours.'],
      ['a notice that is no whole number', { min_notice_hours: '1.5' }, 'The minimum notice must be from 0 to 168 hours.'],
      ['a cancellation window of 169 hours', { cancellation_hours: '169' }, 'The cancellation window must be from 0 to 168 hours.'],
      ['an empty cancellation window', { cancellation_hours: '' }, 'The cancellation window must be from 0 to 168 hours.'],
    ])('are refused with %s, 400 with msg, keeping what was saved', async (_case, fields, msg) => {
      const answer = await saveSettings(amara, ids.teacherId, fields);
      expect(answer).toMatchObject({ status: 400, body: { msg } });
      expect((await visitor.get<Lessons>(lessonsUrl(ids.teacherId))).body).toMatchObject({ time_zone: 'Africa/Lagos', min_notice_hours: 12 });
    });

    it('take 50 ranges, 100 days off, touching ranges and an end at 24:00', async () => {
      const fifty = [
        ...Array.from({ length: 49 }, (_, index) => ({
          weekday: (index % 7) + 1,
          start: `${String(Math.floor(index / 7) * 2).padStart(2, '0')}:00`,
          end: `${String(Math.floor(index / 7) * 2 + 2).padStart(2, '0')}:00`,
        })),
        { weekday: 7, start: '22:00', end: '24:00' },
      ];
      const hundred = Array.from({ length: 100 }, (_, index) => DateTime.fromISO('2027-01-01').plus({ days: index }).toISODate());
      const saved = await saveSettings(kwame, ids.otherTeacherId, { weekly_hours: JSON.stringify(fifty), days_off: JSON.stringify(hundred) });
      expect(saved.status).toBe(200);
      expect(saved.body.weekly_hours).toHaveLength(50);
      expect(saved.body.weekly_hours.filter((range) => range.end === '24:00')).toHaveLength(1);
      expect(saved.body.days_off).toHaveLength(100);
      await saveSettings(kwame, ids.otherTeacherId, { time_zone: 'America/New_York' });
    });
  });

  describe('the lesson types', () => {
    it('are added, changed and removed by the teacher, the price with two decimals', async () => {
      const created = await kwame.post<LessonType>(typesUrl(ids.otherTeacherId), { form: typeForm({ title: '  Business German ', price: '35.5', languages: '["German", " german", "English "]' }) });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ id: expect.any(Number), teacher_id: ids.otherTeacherId, title: 'Business German', minutes: 50, free_trial: false, price: '35.50', languages: ['German', 'English'] });
      const trial = await kwame.post<LessonType>(typesUrl(ids.otherTeacherId), { form: typeForm({ title: 'Trial', minutes: '25', free_trial: 'true', price: '', languages: '["Akan"]' }) });
      expect(trial.body).toMatchObject({ minutes: 25, free_trial: true, price: '0.00' });

      const changed = await kwame.put<LessonType>(typesUrl(ids.otherTeacherId, created.body.id), { form: typeForm({ title: 'Business German', minutes: '25', price: '1000', languages: '["German"]' }) });
      expect(changed).toMatchObject({ status: 200, body: { id: created.body.id, minutes: 25, price: '1000.00', languages: ['German'] } });
      // The free trial may be changed and stay the one free trial.
      expect((await kwame.put<LessonType>(typesUrl(ids.otherTeacherId, trial.body.id), { form: typeForm({ title: 'First lesson', minutes: '25', free_trial: 'true', price: '0', languages: '["Akan"]' }) })).body).toMatchObject({ title: 'First lesson', free_trial: true, price: '0.00' });
      expect((await visitor.get<Lessons>(lessonsUrl(ids.otherTeacherId))).body.lesson_types.map((type) => type.title)).toEqual(['Business German', 'First lesson']);

      for (const typeId of [created.body.id, trial.body.id]) {
        const removed = await kwame.delete(typesUrl(ids.otherTeacherId, typeId));
        expect(removed.status).toBe(204);
        expect((await kwame.delete(typesUrl(ids.otherTeacherId, typeId))).status).toBe(404);
      }
      expect((await visitor.get<Lessons>(lessonsUrl(ids.otherTeacherId))).body.lesson_types).toEqual([]);
    });

    it('are the teacher\'s own: 401 without the session, 403 for another teacher, 404 for another teacher\'s type', async () => {
      const [amarasType] = (await visitor.get<Lessons>(lessonsUrl(ids.teacherId))).body.lesson_types as [LessonType];
      expect((await visitor.post(typesUrl(ids.teacherId), { form: typeForm() })).status).toBe(401);
      expect((await visitor.put(typesUrl(ids.teacherId, amarasType.id), { form: typeForm() })).status).toBe(401);
      expect((await visitor.delete(typesUrl(ids.teacherId, amarasType.id))).status).toBe(401);
      expect((await kwame.post(typesUrl(ids.teacherId), { form: typeForm() })).status).toBe(403);
      expect((await kwame.put(typesUrl(ids.teacherId, amarasType.id), { form: typeForm() })).status).toBe(403);
      expect((await kwame.delete(typesUrl(ids.teacherId, amarasType.id))).status).toBe(403);
      // Kwame's own address with Amara's type: not his.
      expect(await kwame.put(typesUrl(ids.otherTeacherId, amarasType.id), { form: typeForm() })).toMatchObject({ status: 404, body: { msg: 'Lesson type not found.' } });
      expect(await kwame.delete(typesUrl(ids.otherTeacherId, amarasType.id))).toMatchObject({ status: 404, body: { msg: 'Lesson type not found.' } });
      expect(await amara.put(typesUrl(ids.teacherId, 999_999), { form: typeForm() })).toMatchObject({ status: 404, body: { msg: 'Lesson type not found.' } });
      expect((await visitor.get<Lessons>(lessonsUrl(ids.teacherId))).body.lesson_types).toHaveLength(2);
    });

    it.each([
      ['an empty title', { title: '  ' }, 'The title must not be empty.'],
      ['a title of 81 characters', { title: 'x'.repeat(81) }, 'The title must be at most 80 characters long.'],
      ['a price of 0', { price: '0' }, 'The price must be from 0.01 to 1000.00 dollars.'],
      ['a price over 1000', { price: '1000.01' }, 'The price must be from 0.01 to 1000.00 dollars.'],
      ['a price with three decimals', { price: '20.005' }, 'The price must be in dollars, like 20 or 20.00.'],
      ['a price in words', { price: 'twenty' }, 'The price must be in dollars, like 20 or 20.00.'],
      ['a negative price', { price: '-5' }, 'The price must be in dollars, like 20 or 20.00.'],
      ['no price', { price: '' }, 'Please fill in the price.'],
      ['a price on a free trial', { free_trial: 'true', price: '5' }, 'A free trial lesson has no price.'],
      ['no language', { languages: '[]' }, 'A lesson type has from 1 to 7 languages.'],
      ['blank languages only', { languages: '[" "]' }, 'A lesson type has from 1 to 7 languages.'],
      ['8 languages', { languages: JSON.stringify(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']) }, 'A lesson type has from 1 to 7 languages.'],
      ['a language of 41 characters', { languages: JSON.stringify(['x'.repeat(41)]) }, 'Each language must be at most 40 characters long.'],
      ['languages that are not a JSON list', { languages: 'Spanish' }, 'The languages are not valid.'],
      ['a language that is no name', { languages: '[7]' }, 'The languages are not valid.'],
      ['a second free trial', { free_trial: 'true', price: '' }, 'A teacher offers at most one free trial lesson.'],
    ])('are refused with %s, 400 with msg, on adding and on changing', async (_case, fields, msg) => {
      const before = (await visitor.get<Lessons>(lessonsUrl(ids.teacherId))).body.lesson_types;
      const paid = before.find((type) => !type.free_trial)!;
      expect(await amara.post(typesUrl(ids.teacherId), { form: typeForm(fields) })).toMatchObject({ status: 400, body: { msg } });
      expect(await amara.put(typesUrl(ids.teacherId, paid.id), { form: typeForm(fields) })).toMatchObject({ status: 400, body: { msg } });
      expect((await visitor.get<Lessons>(lessonsUrl(ids.teacherId))).body.lesson_types).toEqual(before);
    });

    it.each([
      ['a length other than 25 or 50', { minutes: '30' }],
      ['a free trial that is neither true nor false', { free_trial: 'yes' }],
    ])('are refused by the form\'s schema with %s, 400 with msg', async (_case, fields) => {
      const answer = await amara.post<{ msg: string }>(typesUrl(ids.teacherId), { form: typeForm(fields) });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toMatch(/not valid/);
    });

    it('are at most 10 a teacher', async () => {
      const added: number[] = [];
      for (let index = 1; index <= 10; index += 1) {
        const answer = await kwame.post<LessonType>(typesUrl(ids.otherTeacherId), { form: typeForm({ title: `Lesson ${index}` }) });
        expect(answer.status).toBe(201);
        added.push(answer.body.id);
      }
      expect(await kwame.post(typesUrl(ids.otherTeacherId), { form: typeForm({ title: 'Lesson 11' }) })).toMatchObject({ status: 400, body: { msg: 'A teacher offers at most 10 lesson types.' } });
      for (const typeId of added) expect((await kwame.delete(typesUrl(ids.otherTeacherId, typeId))).status).toBe(204);
    });
  });

  describe('the free times', () => {
    /** Monday 4 January 2027 in Lagos (UTC+1, no daylight saving). */
    const monday = '2027-01-04';
    const lagosHours = { time_zone: 'Africa/Lagos', weekly_hours: JSON.stringify([1, 2, 3, 4, 5].flatMap((weekday) => [{ weekday, start: '09:00', end: '12:00' }, { weekday, start: '16:00', end: '19:00' }])) };
    const startsOf = (answer: { body: FreeTimes }) => answer.body.times.map((time) => time.start);
    const lagosWall = (start: string) => DateTime.fromISO(start, { zone: 'Africa/Lagos' }).toFormat('ccc HH:mm');

    it('start on every hour and half hour of the hours, none sooner than the notice, a lesson of 25 minutes ending within them', async () => {
      await hoursThenClock({ ...lagosHours, min_notice_hours: '12' }, `${monday}T07:00:00+01:00`);
      const answer = await visitor.get<FreeTimes>(freeTimesUrl(ids.teacherId, '?days=2'));
      expect(answer.status).toBe(200);
      expect(answer.body.time_zone).toBe('Africa/Lagos');
      expect(answer.body.minutes).toBe(25);
      // Now 07:00 on Monday, 12 hours' notice: Monday's hours are too soon; Tuesday's all, until 07:00 on Wednesday.
      expect(answer.body.times.map((time) => lagosWall(time.start))).toEqual(
        ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '16:00', '16:30', '17:00', '17:30', '18:00', '18:30'].map((time) => `Tue ${time}`),
      );
      expect(answer.body.times[0]).toEqual({ start: '2027-01-05T08:00:00.000Z', end: '2027-01-05T08:25:00.000Z' });
      expect(answer.body.times.at(-1)).toEqual({ start: '2027-01-05T17:30:00.000Z', end: '2027-01-05T17:55:00.000Z' });
    });

    it('honour the notice to the minute', async () => {
      await hoursThenClock({ ...lagosHours, min_notice_hours: '2' }, `${monday}T07:00:00+01:00`);
      expect(startsOf(await visitor.get<FreeTimes>(freeTimesUrl(ids.teacherId, '?days=1')))[0]).toBe('2027-01-04T08:00:00.000Z');
      await hoursThenClock({ ...lagosHours, min_notice_hours: '3' }, `${monday}T07:00:00+01:00`);
      expect(startsOf(await visitor.get<FreeTimes>(freeTimesUrl(ids.teacherId, '?days=1')))[0]).toBe('2027-01-04T09:00:00.000Z');
    });

    it('offer 50-minute lessons only where they end within the hours', async () => {
      await hoursThenClock({ ...lagosHours, min_notice_hours: '0' }, `${monday}T00:00:00+01:00`);
      const answer = await visitor.get<FreeTimes>(freeTimesUrl(ids.teacherId, '?days=1&minutes=50'));
      expect(answer.body.minutes).toBe(50);
      expect(answer.body.times.map((time) => lagosWall(time.start))).toEqual(
        ['09:00', '09:30', '10:00', '10:30', '11:00', '16:00', '16:30', '17:00', '17:30', '18:00'].map((time) => `Mon ${time}`),
      );
      expect(answer.body.times[4]).toEqual({ start: '2027-01-04T10:00:00.000Z', end: '2027-01-04T10:50:00.000Z' });
    });

    it('keep to the half-hour grid inside hours on the quarter hour, and take hours until midnight', async () => {
      await hoursThenClock(
        { time_zone: 'Africa/Lagos', min_notice_hours: '0', weekly_hours: '[{"weekday":1,"start":"09:15","end":"11:00"},{"weekday":1,"start":"22:00","end":"24:00"}]' },
        `${monday}T00:00:00+01:00`,
      );
      const short = await visitor.get<FreeTimes>(freeTimesUrl(ids.teacherId, '?days=1'));
      expect(short.body.times.map((time) => lagosWall(time.start))).toEqual(['09:30', '10:00', '10:30', '22:00', '22:30', '23:00', '23:30'].map((time) => `Mon ${time}`));
      expect(short.body.times.at(-1)).toEqual({ start: '2027-01-04T22:30:00.000Z', end: '2027-01-04T22:55:00.000Z' });
      const long = await visitor.get<FreeTimes>(freeTimesUrl(ids.teacherId, '?days=1&minutes=50'));
      expect(long.body.times.map((time) => lagosWall(time.start))).toEqual(['09:30', '10:00', '22:00', '22:30', '23:00'].map((time) => `Mon ${time}`));
    });

    it('leave out the days off (dates in the teacher\'s zone) and keep to the window from `from`', async () => {
      await hoursThenClock({ ...lagosHours, min_notice_hours: '0', days_off: '["2027-01-05"]' }, '2027-01-01T12:00:00Z');
      const week = await visitor.get<FreeTimes>(freeTimesUrl(ids.teacherId, `?from=${encodeURIComponent(`${monday}T00:00:00+01:00`)}&days=7`));
      const days = week.body.times.map((time) => lagosWall(time.start).slice(0, 3));
      expect([...new Set(days)]).toEqual(['Mon', 'Wed', 'Thu', 'Fri']);
      expect(days).toHaveLength(48);
      // The window opens at `from`: from 10:15 on Monday, 10:30 first; one day ends at 10:15 on Tuesday (a day off).
      const late = await visitor.get<FreeTimes>(freeTimesUrl(ids.teacherId, '?from=2027-01-04T09:15:00Z&days=1'));
      expect(late.body.times.map((time) => lagosWall(time.start))).toEqual(['10:30', '11:00', '11:30', '16:00', '16:30', '17:00', '17:30', '18:00', '18:30'].map((time) => `Mon ${time}`));
      // From now (13:00 on Friday 1 January in Lagos) for 14 days when left out: Friday afternoon, eight
      // whole weekdays (not Tuesday the 5th, a day off), and the morning of Friday the 15th.
      const fortnight = await visitor.get<FreeTimes>(freeTimesUrl(ids.teacherId));
      expect(fortnight.body.times).toHaveLength(6 + 8 * 12 + 6);
      expect(fortnight.body.times[0]!.start).toBe('2027-01-01T15:00:00.000Z');
      expect(fortnight.body.times.at(-1)!.start).toBe('2027-01-15T10:30:00.000Z');
    });

    it.each([
      ['a `from` that is no time', '?from=tomorrow'],
      ['a `from` without its zone', '?from=2027-01-04T09:00:00'],
      ['0 days', '?days=0'],
      ['29 days', '?days=29'],
      ['a length of 30 minutes', '?minutes=30'],
    ])('are refused for %s, 400 with msg', async (_case, query) => {
      const answer = await visitor.get<FreeTimes>(freeTimesUrl(ids.teacherId, query));
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toEqual(expect.any(String));
    });

    it('are refused more than a year ahead', async () => {
      jest.setSystemTime(new Date('2027-01-01T12:00:00Z'));
      expect((await visitor.get(freeTimesUrl(ids.teacherId, '?from=2028-01-01T12:00:00Z'))).status).toBe(200);
      expect(await visitor.get(freeTimesUrl(ids.teacherId, '?from=2028-01-01T12:00:01Z'))).toMatchObject({ status: 400, body: { msg: 'The free times can be asked for at most a year ahead.' } });
    });
  });

  /**
   * The same wall times on each side of a daylight-saving change: for five local days around it,
   * each day's starts at the wall times of the hours, none moved, doubled or lost; the hour the
   * clocks skip has no start, the hour they repeat its starts once, at their first occurrence.
   */
  describe('across the daylight-saving changes of 2027', () => {
    const dayHours = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'];
    const cases: {
      zone: string;
      change: string;
      early: [string, string];
      /** The early range's starts on the day of the change, in UTC, written out. */
      changeDay: string[];
      skipped: string[];
    }[] = [
      { zone: 'Africa/Lagos', change: '2027-03-28', early: ['00:00', '03:00'], skipped: [], changeDay: ['2027-03-27T23:00', '2027-03-27T23:30', '2027-03-28T00:00', '2027-03-28T00:30', '2027-03-28T01:00', '2027-03-28T01:30'] },
      { zone: 'Africa/Lagos', change: '2027-10-31', early: ['00:00', '03:00'], skipped: [], changeDay: ['2027-10-30T23:00', '2027-10-30T23:30', '2027-10-31T00:00', '2027-10-31T00:30', '2027-10-31T01:00', '2027-10-31T01:30'] },
      { zone: 'Europe/London', change: '2027-03-28', early: ['00:00', '03:00'], skipped: ['01:00', '01:30'], changeDay: ['2027-03-28T00:00', '2027-03-28T00:30', '2027-03-28T01:00', '2027-03-28T01:30'] },
      { zone: 'Europe/London', change: '2027-10-31', early: ['00:00', '03:00'], skipped: [], changeDay: ['2027-10-30T23:00', '2027-10-30T23:30', '2027-10-31T00:00', '2027-10-31T00:30', '2027-10-31T02:00', '2027-10-31T02:30'] },
      { zone: 'America/New_York', change: '2027-03-14', early: ['01:00', '04:00'], skipped: ['02:00', '02:30'], changeDay: ['2027-03-14T06:00', '2027-03-14T06:30', '2027-03-14T07:00', '2027-03-14T07:30'] },
      { zone: 'America/New_York', change: '2027-11-07', early: ['01:00', '04:00'], skipped: [], changeDay: ['2027-11-07T05:00', '2027-11-07T05:30', '2027-11-07T07:00', '2027-11-07T07:30', '2027-11-07T08:00', '2027-11-07T08:30'] },
      { zone: 'Australia/Sydney', change: '2027-04-04', early: ['01:00', '04:00'], skipped: [], changeDay: ['2027-04-03T14:00', '2027-04-03T14:30', '2027-04-03T15:00', '2027-04-03T15:30', '2027-04-03T17:00', '2027-04-03T17:30'] },
      { zone: 'Australia/Sydney', change: '2027-10-03', early: ['01:00', '04:00'], skipped: ['02:00', '02:30'], changeDay: ['2027-10-02T15:00', '2027-10-02T15:30', '2027-10-02T16:00', '2027-10-02T16:30'] },
    ];

    const gridOf = ([start, end]: [string, string]) => {
      const times: string[] = [];
      for (let at = DateTime.fromISO(`2000-01-01T${start}`); at.toFormat('HH:mm') < end && at.day === 1; at = at.plus({ minutes: 30 })) times.push(at.toFormat('HH:mm'));
      return times;
    };

    it.each(cases.map((testCase) => [testCase.zone, testCase.change, testCase] as const))('%s on %s', async (zone, change, { early, changeDay, skipped }) => {
      const firstDay = DateTime.fromISO(change, { zone }).minus({ days: 2 });
      const from = firstDay.toISO() as string;
      // Now just before the window, with no notice: every start of the five days is free.
      await hoursThenClock({ time_zone: zone, min_notice_hours: '0', weekly_hours: JSON.stringify(everyDay(early, ['09:00', '12:00'])) }, firstDay.minus({ hours: 1 }).toISO() as string);
      const answer = await visitor.get<FreeTimes>(freeTimesUrl(ids.teacherId, `?from=${encodeURIComponent(from)}&days=5`));
      expect(answer.status).toBe(200);
      const byDate = new Map<string, string[]>();
      for (const { start, end } of answer.body.times) {
        expect(Date.parse(end) - Date.parse(start)).toBe(25 * 60_000);
        const local = DateTime.fromISO(start, { zone });
        byDate.set(local.toISODate() as string, [...(byDate.get(local.toISODate() as string) ?? []), local.toFormat('HH:mm')]);
      }
      const dates = [-2, -1, 0, 1, 2].map((offset) => DateTime.fromISO(change).plus({ days: offset }).toISODate() as string);
      for (const date of dates) {
        const expected = [...gridOf(early).filter((time) => date !== change || !skipped.includes(time)), ...dayHours];
        expect({ date, starts: byDate.get(date) }).toEqual({ date, starts: expected });
      }
      expect(dates.reduce((count, date) => count + (byDate.get(date)?.length ?? 0), 0)).toBe(5 * 12 - skipped.length);
      const changeDayStarts = answer.body.times.map((time) => time.start.slice(0, 16)).filter((start) => changeDay.includes(start));
      expect(changeDayStarts).toEqual(changeDay);
      expect(answer.body.times.map((time) => time.start)).toEqual([...answer.body.times.map((time) => time.start)].sort());
    });

    it('offer the first start after the clocks skip an hour to a "now" a minute before (Europe/London)', async () => {
      await hoursThenClock({ time_zone: 'Europe/London', min_notice_hours: '0', weekly_hours: JSON.stringify(everyDay(['00:00', '03:00'])) }, '2027-03-28T00:59:00Z');
      const answer = await visitor.get<FreeTimes>(freeTimesUrl(ids.teacherId, '?days=1'));
      expect(answer.body.times.slice(0, 3)).toEqual([
        { start: '2027-03-28T01:00:00.000Z', end: '2027-03-28T01:25:00.000Z' },
        { start: '2027-03-28T01:30:00.000Z', end: '2027-03-28T01:55:00.000Z' },
        { start: '2027-03-28T23:00:00.000Z', end: '2027-03-28T23:25:00.000Z' },
      ]);
    });
  });
});

describe('freeTimes, the computation alone', () => {
  const london = { timeZone: 'Europe/London', daysOff: [], minNoticeHours: 0 };
  const from = new Date('2027-03-27T00:00:00Z');

  it('has none without a zone or hours', () => {
    expect(freeTimes({ ...london, timeZone: null, weeklyHours: everyDay(['09:00', '12:00']) }, { from, days: 7, minutes: 25 }, from)).toEqual([]);
    expect(freeTimes({ ...london, weeklyHours: [] }, { from, days: 7, minutes: 25 }, from)).toEqual([]);
  });

  it('leaves a 50-minute lesson out where the skipped hour cuts its range short', () => {
    const times = freeTimes({ ...london, weeklyHours: everyDay(['00:00', '01:30']) }, { from, days: 2, minutes: 50 }, from);
    // Saturday: 00:00 and 00:30 (ends 01:20); Sunday: 00:00 only, as the clocks jump from 01:00 to 02:00;
    // Monday (BST) until the window's end: 00:00 and 00:30.
    expect(times.map((time) => time.start)).toEqual([
      '2027-03-27T00:00:00.000Z',
      '2027-03-27T00:30:00.000Z',
      '2027-03-28T00:00:00.000Z',
      '2027-03-28T23:00:00.000Z',
      '2027-03-28T23:30:00.000Z',
    ]);
  });

  it('lets a lesson of the repeated hour end in real time', () => {
    const fallFrom = new Date('2027-10-31T00:00:00Z');
    const times = freeTimes({ ...london, weeklyHours: everyDay(['01:00', '02:00']) }, { from: fallFrom, days: 1, minutes: 50 }, fallFrom);
    // 01:00 BST (00:00Z) to 01:50 BST; 01:30 BST ends at 01:20 GMT, within the range that ends at 02:00 GMT.
    expect(times).toEqual([
      { start: '2027-10-31T00:00:00.000Z', end: '2027-10-31T00:50:00.000Z' },
      { start: '2027-10-31T00:30:00.000Z', end: '2027-10-31T01:20:00.000Z' },
    ]);
  });

  it('has none when the notice reaches past the window', () => {
    expect(freeTimes({ ...london, minNoticeHours: 168, weeklyHours: everyDay(['09:00', '12:00']) }, { from, days: 7, minutes: 25 }, from)).toEqual([]);
  });
});
