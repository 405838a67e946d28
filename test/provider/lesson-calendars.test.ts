/**
 * Each person's lesson calendar feed (issue 40): the secret address (made once, on first asking;
 * renewed, the old one gone), who may ask for it, and the feed itself: the lessons that were
 * booked from 30 days ago on, cancelled ones marked, with the UIDs and SEQUENCEs of the mails'
 * invitations. Lessons are rows written here.
 */
import { sql } from 'kysely';
import { type Client, type DemoIds, type RunningProvider, inDatabase, startDemoProvider } from './support';

interface Kept {
  to: string;
  calendar?: string;
}

const minute = 60 * 1000;
const day = 24 * 60 * minute;

let provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client, kofi: Client, amara: Client, kwame: Client;

beforeAll(async () => {
  ({ provider, ids, visitor, maria, kofi, amara, kwame } = await startDemoProvider());
});
afterAll(() => provider.stop());

const studentCalendar = (studentId: number) => `/api/student-lessons/${studentId}/calendar/`;
const teacherCalendar = (teacherId: number) => `/api/teacher-lessons/${teacherId}/calendar/`;
/** The feed's path on the provider, from its absolute address. */
const feedPath = (url: string) => new URL(url).pathname;
const feedAddress = /^http:\/\/localhost\/api\/lesson-calendars\/[A-Za-z0-9_-]{20,64}\/$/;

interface NewLesson {
  teacherId: number;
  studentId: number;
  startsAt: Date;
  status?: 'awaiting_payment' | 'booked' | 'cancelled';
  refund?: 'full' | 'none' | null;
  sequence?: number;
  title?: string;
}

async function addLesson({ teacherId, studentId, startsAt, status = 'booked', refund = null, sequence = 0, title = 'Conversation practice' }: NewLesson): Promise<number> {
  return inDatabase(provider, async (queries) => {
    const row = await queries.one(
      sql<{ id: number }>`INSERT INTO lessons (teacher_id, student_id, title, minutes, price, starts_at, ends_at, cancellation_hours, status, refund, sequence, created_at)
        VALUES (${teacherId}, ${studentId}, ${title}, 50, '20.00', ${startsAt.toISOString()}, ${new Date(startsAt.getTime() + 50 * minute).toISOString()}, 24,
                ${status}, ${refund}, ${sequence}, ${new Date().toISOString()})
        RETURNING id`,
    );
    return Number(row!.id);
  });
}

/** An instant `days` from now, on a whole minute (as iCalendar writes it). */
const daysFromNow = (days: number) => new Date(Math.floor((Date.now() + days * day) / minute) * minute);
/** `20261207T090000Z`: an instant as iCalendar writes it in UTC. */
const icalTime = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** An iCalendar text's events, each as its properties by name (the lines unfolded, RFC 5545 3.1). */
function eventsOf(text: string): Record<string, string>[] {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const events: Record<string, string>[] = [];
  let event: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') event = {};
    else if (line === 'END:VEVENT') {
      events.push(event!);
      event = null;
    } else if (event) {
      const name = /^[A-Z-]+/.exec(line)![0];
      event[name] = line.slice(name.length).replace(/^:/, '');
    }
  }
  return events;
}

async function feedOf(client: Client, path: string): Promise<{ status: number; text: string; response: Response }> {
  const response = await client.request('GET', path);
  return { status: response.status, text: await response.text(), response };
}

describe('the address of a lesson calendar', () => {
  it.each([
    ['student', () => studentCalendar(ids.studentId), () => maria, () => studentCalendar(ids.otherStudentId)],
    ['teacher', () => teacherCalendar(ids.teacherId), () => amara, () => teacherCalendar(ids.otherTeacherId)],
  ] as const)('is the %s\'s own: 401 without that side\'s session, 403 for another\'s id', async (_side, own, owner, another) => {
    expect((await visitor.get(own())).status).toBe(401);
    expect((await visitor.post(own())).status).toBe(401);
    // The other side's session is not this side's.
    expect((await (owner() === maria ? amara : maria).get(own())).status).toBe(401);
    expect((await owner().get(another())).status).toBe(403);
    expect((await owner().post(another())).status).toBe(403);
  });

  it('is made on first asking, once: the same address every time, also for two first asks at once', async () => {
    const [first, second] = await Promise.all([kofi.get<{ url: string }>(studentCalendar(ids.otherStudentId)), kofi.get<{ url: string }>(studentCalendar(ids.otherStudentId))]);
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(feedAddress);
    expect(second.body.url).toBe(first.body.url);
    expect((await kofi.get<{ url: string }>(studentCalendar(ids.otherStudentId))).body).toEqual({ url: first.body.url });
    const rows = await inDatabase(provider, (queries) => queries.all(sql`SELECT token FROM lesson_calendars WHERE student_id = ${ids.otherStudentId}`));
    expect(rows).toHaveLength(1);

    // Each person has their own.
    const teacher = await kwame.get<{ url: string }>(teacherCalendar(ids.otherTeacherId));
    expect(teacher.body.url).toMatch(feedAddress);
    expect(teacher.body.url).not.toBe(first.body.url);
  });

  it('is on the provider\'s origin as the request reached it', async () => {
    const answer = await maria.request('GET', studentCalendar(ids.studentId), { headers: { host: 'lessons.academy.example:8443' } });
    expect(((await answer.json()) as { url: string }).url).toMatch(/^http:\/\/lessons\.academy\.example:8443\/api\/lesson-calendars\/[A-Za-z0-9_-]{20,64}\/$/);
  });

  it('is replaced by a renewal: the old address answers 404 from then on, the new one the feed', async () => {
    const old = (await amara.get<{ url: string }>(teacherCalendar(ids.teacherId))).body.url;
    expect((await feedOf(visitor, feedPath(old))).status).toBe(200);
    const renewed = await amara.post<{ url: string }>(teacherCalendar(ids.teacherId));
    expect(renewed.status).toBe(200);
    expect(renewed.body.url).toMatch(feedAddress);
    expect(renewed.body.url).not.toBe(old);
    expect((await amara.get<{ url: string }>(teacherCalendar(ids.teacherId))).body.url).toBe(renewed.body.url);

    const gone = await visitor.get<{ msg: string }>(feedPath(old));
    expect(gone).toMatchObject({ status: 404, body: { msg: 'This calendar address is not known: it may have been renewed.' } });
    expect((await feedOf(visitor, feedPath(renewed.body.url))).status).toBe(200);

    // A renewal before any address was asked for makes the first one.
    await inDatabase(provider, (queries) => queries.run(sql`DELETE FROM lesson_calendars WHERE student_id = ${ids.otherStudentId}`));
    const made = await kofi.post<{ url: string }>(studentCalendar(ids.otherStudentId));
    expect(made.body.url).toMatch(feedAddress);
  });
});

describe('a lesson calendar feed', () => {
  it('answers 404 for a token nobody has, 400 for one that is not a token', async () => {
    expect(await visitor.get('/api/lesson-calendars/6Qm2xTtV0bq1d9RkLw3pZsYc/')).toMatchObject({ status: 404, body: { msg: expect.any(String) } });
    expect((await visitor.get('/api/lesson-calendars/short/')).status).toBe(400);
  });

  it('lists the student\'s booked lessons from 30 days ago on, cancelled ones as STATUS:CANCELLED, each with the teacher\'s name; no hold, no lapsed hold, nobody else\'s', async () => {
    const { teacherId, otherTeacherId, studentId, otherStudentId } = ids;
    const upcoming = await addLesson({ teacherId, studentId, startsAt: daysFromNow(3) });
    const recentStart = daysFromNow(-29);
    const recent = await addLesson({ teacherId: otherTeacherId, studentId, startsAt: recentStart, title: 'Grammar clinic' });
    const cancelled = await addLesson({ teacherId, studentId, startsAt: daysFromNow(5), status: 'cancelled', refund: 'full', sequence: 1 });
    const left = [
      await addLesson({ teacherId, studentId, startsAt: daysFromNow(-31) }),
      await addLesson({ teacherId, studentId, startsAt: daysFromNow(6), status: 'awaiting_payment' }),
      await addLesson({ teacherId, studentId, startsAt: daysFromNow(7), status: 'cancelled', refund: null, sequence: 1 }),
      await addLesson({ teacherId, studentId: otherStudentId, startsAt: daysFromNow(4) }),
    ];

    const url = (await maria.get<{ url: string }>(studentCalendar(studentId))).body.url;
    // No session: the token is the key.
    const feed = await feedOf(visitor, feedPath(url));
    expect(feed.status).toBe(200);
    expect(feed.response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.response.headers.get('cache-control')).toBe('private, max-age=300');
    expect(feed.text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\nPRODID:-\/\/Language Academy\/\/Lessons\/\/EN\r\n/);
    expect(feed.text).toContain('\r\nX-WR-CALNAME:Language Academy lessons\r\n');
    // A feed, not an invitation.
    expect(feed.text).not.toContain('METHOD:');

    const events = eventsOf(feed.text);
    const uids = events.map((event) => event.UID);
    expect(uids).toEqual([recent, upcoming, cancelled].map((id) => `lesson-${id}@localhost`));
    for (const id of left) expect(uids).not.toContain(`lesson-${id}@localhost`);
    expect(events[0]).toEqual(
      expect.objectContaining({
        SUMMARY: 'Grammar clinic with Kwame Mensah',
        SEQUENCE: '0',
        DTSTART: icalTime(recentStart),
        DTEND: icalTime(new Date(recentStart.getTime() + 50 * minute)),
        STATUS: 'CONFIRMED',
        URL: ';VALUE=URI:http://localhost:8080/student-lessons',
      }),
    );
    expect(events[1]).toEqual(expect.objectContaining({ SUMMARY: 'Conversation practice with Amara Okafor', STATUS: 'CONFIRMED' }));
    expect(events[2]).toEqual(expect.objectContaining({ SUMMARY: 'Conversation practice with Amara Okafor', SEQUENCE: '1', STATUS: 'CANCELLED' }));
    // No attendees in a feed: a calendar app would take each lesson for a meeting to answer.
    expect(events[1]!.ATTENDEE).toBeUndefined();
  });

  it('lists the teacher\'s with the student\'s name, with the UID and SEQUENCE of the lesson\'s invitation', async () => {
    const lessonId = await addLesson({ teacherId: ids.otherTeacherId, studentId: ids.otherStudentId, startsAt: daysFromNow(2), title: 'Pronunciation', sequence: 2 });
    await inDatabase(provider, (queries) => queries.transaction((tx) => provider.app.lessonMails.booked(tx, lessonId)));
    const { body: kept } = await visitor.get<Kept[]>('/dev/outbox');
    const invitation = eventsOf(kept.find((mail) => mail.to === 'kwame@academy.test' && mail.calendar)!.calendar!)[0]!;

    const url = (await kwame.get<{ url: string }>(teacherCalendar(ids.otherTeacherId))).body.url;
    const event = eventsOf((await feedOf(visitor, feedPath(url))).text).find((candidate) => candidate.UID === `lesson-${lessonId}@localhost`);
    expect(event).toEqual(
      expect.objectContaining({
        UID: invitation.UID,
        SEQUENCE: '2',
        SUMMARY: 'Pronunciation with Kofi Boateng',
        DTSTART: invitation.DTSTART,
        DTEND: invitation.DTEND,
        URL: ';VALUE=URI:http://localhost:8080/teacher-my-lessons',
      }),
    );
    expect(invitation.SEQUENCE).toBe('2');
  });
});
