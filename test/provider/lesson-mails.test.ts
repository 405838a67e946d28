/**
 * The lessons' mails (issue 40): the confirmations with their invitations, the moved and the
 * cancelled lesson's mails, and the reminders a day and an hour before on the faked clock. Lessons
 * are rows written here, and the mails are asked for as the booking's transactions ask
 * (`app.lessonMails.booked/moved/cancelled` inside a transaction); the mails are read from the
 * outbox, their iCalendar texts with `readCalendar`.
 */
import { sql } from 'kysely';
import { type Queries } from '../../provider/src/database';
import { type DemoIds, type RunningProvider, type Client, inDatabase, passTime, startDemoProvider, useFakeClock } from './support';

interface Kept {
  to: string;
  subject: string;
  text: string;
  calendar?: string;
  unsubscribeUrl?: string;
}

const minute = 60 * 1000;
const hour = 60 * minute;
const day = 24 * hour;
const maria = 'student@academy.test';
const amara = 'teacher@academy.test';
/** "Now" in these tests: Tuesday 1 December 2026, 08:00 UTC. */
const start = new Date('2026-12-01T08:00:00.000Z');

let provider: RunningProvider, ids: DemoIds, visitor: Client;

beforeAll(async () => {
  ({ provider, ids, visitor } = await startDemoProvider({ appOrigin: 'https://academy.example', notificationIntervalMs: 3_600_000 }));
});
afterAll(() => provider.stop());

interface NewLesson {
  startsAt: string;
  minutes?: 25 | 50;
  title?: string;
  freeTrial?: boolean;
  teacherId?: number;
}

/** A booked lesson of Maria's (with Amara unless said), as booking leaves it. */
async function addLesson({ startsAt, minutes = 50, title = 'Conversation practice', freeTrial = false, teacherId = ids.teacherId }: NewLesson): Promise<number> {
  const endsAt = new Date(Date.parse(startsAt) + minutes * minute).toISOString();
  return inDatabase(provider, async (queries) => {
    const row = await queries.one(
      sql<{ id: number }>`INSERT INTO lessons (teacher_id, student_id, title, minutes, free_trial, price, starts_at, ends_at, cancellation_hours, status, created_at)
        VALUES (${teacherId}, ${ids.studentId}, ${title}, ${minutes}, ${freeTrial ? 1 : 0}, ${freeTrial ? '0.00' : '20.00'}, ${startsAt}, ${endsAt}, 24, 'booked', ${new Date().toISOString()})
        RETURNING id`,
    );
    return Number(row!.id);
  });
}

/** Runs `work` in a transaction of the provider's database, as a booking's handler does. */
const inTransaction = (work: (tx: Queries) => Promise<void>) => inDatabase(provider, (queries) => queries.transaction(work));
const booked = (lessonId: number) => inTransaction((tx) => provider.app.lessonMails.booked(tx, lessonId));

/** The lesson's row updated as a cancellation leaves it, and its mails asked for in the same transaction. */
const cancel = (lessonId: number, by: 'student' | 'teacher' | null, refund: 'full' | 'none' | null, reason: string | null = null) =>
  inTransaction(async (tx) => {
    await tx.run(
      sql`UPDATE lessons SET status = 'cancelled', cancelled_at = ${new Date().toISOString()}, cancelled_by = ${by}, cancel_reason = ${reason},
            refund = ${refund}, sequence = sequence + 1
          WHERE id = ${lessonId}`,
    );
    await provider.app.lessonMails.cancelled(tx, lessonId);
  });

const move = (lessonId: number, startsAt: string) =>
  inTransaction(async (tx) => {
    const before = await tx.one(sql<{ starts_at: string; minutes: number }>`SELECT starts_at, minutes FROM lessons WHERE id = ${lessonId}`);
    const endsAt = new Date(Date.parse(startsAt) + before!.minutes * minute).toISOString();
    await tx.run(sql`UPDATE lessons SET starts_at = ${startsAt}, ends_at = ${endsAt}, sequence = sequence + 1 WHERE id = ${lessonId}`);
    await provider.app.lessonMails.moved(tx, lessonId, before!.starts_at);
  });

/** The mails sent so far, oldest first. */
const mails = async (): Promise<Kept[]> => (await visitor.get<Kept[]>('/dev/outbox')).body.reverse();
const mailTo = async (to: string) => {
  const found = (await mails()).filter((mail) => mail.to === to);
  expect(found).toHaveLength(1);
  return found[0]!;
};

/**
 * An iCalendar text read back: its lines unfolded (RFC 5545 3.1), the calendar's properties and
 * each event's, by name (a property's parameters and value as written after the name).
 */
function readCalendar(text: string) {
  expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);
  const properties = (block: string[]) => {
    const found: Record<string, string[]> = {};
    for (const line of block) {
      const name = /^[A-Z-]+/.exec(line)![0];
      (found[name] ??= []).push(line.slice(name.length).replace(/^:/, ''));
    }
    return found;
  };
  const firstEvent = lines.indexOf('BEGIN:VEVENT');
  const events: Record<string, string[]>[] = [];
  for (let at = firstEvent; at !== -1; at = lines.indexOf('BEGIN:VEVENT', at + 1)) {
    events.push(properties(lines.slice(at + 1, lines.indexOf('END:VEVENT', at))));
  }
  return { calendar: properties(lines.slice(1, firstEvent === -1 ? -1 : firstEvent)), events };
}

describe('the lessons\' mails', () => {
  useFakeClock();
  beforeEach(async () => {
    jest.setSystemTime(start);
    await inDatabase(provider, async (queries) => {
      await queries.run(sql`DELETE FROM outbox`);
      await queries.run(sql`DELETE FROM lessons`);
    });
  });

  describe('a lesson booked', () => {
    it('sends the student a confirmation: the teacher, the time in UTC and in the teacher\'s zone, the length, the price, until when to cancel', async () => {
      await booked(await addLesson({ startsAt: '2026-12-07T09:00:00.000Z' }));
      const mail = await mailTo(maria);
      expect(mail.subject).toBe('Lesson booked: Conversation practice with Amara Okafor');
      expect(mail.text).toBe(
        [
          'Hello Maria Silva,',
          'your lesson with Amara Okafor is booked.',
          'Lesson: Conversation practice, 50 minutes\nTeacher: Amara Okafor\n' +
            "When: Monday 7 December 2026, 09:00–09:50 UTC (10:00–10:50 Africa/Lagos, Amara Okafor's time)\nPrice: $20.00",
          'You can cancel with a full refund, or move the lesson, until Sunday 6 December 2026, 09:00 UTC.',
          'The invitation in this mail adds the lesson to your calendar.',
          'Your lessons: https://academy.example/student-lessons',
          'Language Academy',
        ].join('\n\n'),
      );
      // A transactional mail: no unsubscribe.
      expect(mail.unsubscribeUrl).toBeUndefined();
    });

    it('sends the teacher a confirmation in their own zone, named', async () => {
      await booked(await addLesson({ startsAt: '2026-12-07T09:00:00.000Z' }));
      const mail = await mailTo(amara);
      expect(mail.subject).toBe('Lesson booked: Conversation practice with Maria Silva');
      expect(mail.text).toBe(
        [
          'Hello Amara Okafor,',
          'Maria Silva booked a lesson with you.',
          'Lesson: Conversation practice, 50 minutes\nStudent: Maria Silva\nWhen: Monday 7 December 2026, 10:00–10:50 Africa/Lagos\nPaid: $20.00',
          'The invitation in this mail adds the lesson to your calendar.',
          'Your lessons: https://academy.example/teacher-my-lessons',
          'Language Academy',
        ].join('\n\n'),
      );
    });

    it('names the teacher\'s day when it is another than the UTC one, and UTC alone for a teacher without a zone', async () => {
      await booked(await addLesson({ startsAt: '2026-12-07T23:30:00.000Z', minutes: 25, title: 'Trial lesson', freeTrial: true }));
      const withZone = await mailTo(maria);
      expect(withZone.text).toContain(
        "When: Monday 7 December 2026, 23:30–23:55 UTC (Tuesday 8 December 2026, 00:30–00:55 Africa/Lagos, Amara Okafor's time)\nFree trial",
      );
      expect(withZone.text).toContain('You can move or cancel this free trial until Sunday 6 December 2026, 23:30 UTC; cancelled after that, it counts as your free trial.');
      expect((await mailTo(amara)).text).toContain('When: Tuesday 8 December 2026, 00:30–00:55 Africa/Lagos\nFree trial');

      await inDatabase(provider, (queries) => queries.run(sql`DELETE FROM outbox`));
      await booked(await addLesson({ startsAt: '2026-12-09T10:00:00.000Z', teacherId: ids.otherTeacherId }));
      expect((await mailTo(maria)).text).toContain('Teacher: Kwame Mensah\nWhen: Wednesday 9 December 2026, 10:00–10:50 UTC\nPrice: $20.00');
      expect((await mailTo('kwame@academy.test')).text).toContain('When: Wednesday 9 December 2026, 10:00–10:50 UTC\nPaid: $20.00');
    });

    it('carries an invitation to each: METHOD:REQUEST, one UID for the lesson, its SEQUENCE, the times in UTC, the academy organising, both attending', async () => {
      const lessonId = await addLesson({ startsAt: '2026-12-07T09:00:00.000Z' });
      await booked(lessonId);
      const student = readCalendar((await mailTo(maria)).calendar!);
      const teacher = readCalendar((await mailTo(amara)).calendar!);
      expect(student.calendar).toEqual(expect.objectContaining({ VERSION: ['2.0'], PRODID: ['-//Language Academy//Lessons//EN'], METHOD: ['REQUEST'] }));
      expect(student.events).toHaveLength(1);
      const [event] = student.events;
      expect(event).toEqual(
        expect.objectContaining({
          UID: [`lesson-${lessonId}@academy.example`],
          SEQUENCE: ['0'],
          DTSTART: ['20261207T090000Z'],
          DTEND: ['20261207T095000Z'],
          SUMMARY: ['Conversation practice with Amara Okafor'],
          STATUS: ['CONFIRMED'],
          URL: [';VALUE=URI:https://academy.example/student-lessons'],
          ORGANIZER: [';CN="Language Academy":mailto:no-reply@academy.example'],
        }),
      );
      expect(event!.ATTENDEE).toEqual([
        ';ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN="Maria Silva":MAILTO:student@academy.test',
        ';ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN="Amara Okafor":MAILTO:teacher@academy.test',
      ]);
      expect(teacher.events[0]).toEqual(
        expect.objectContaining({
          UID: [`lesson-${lessonId}@academy.example`],
          SUMMARY: ['Conversation practice with Maria Silva'],
          URL: [';VALUE=URI:https://academy.example/teacher-my-lessons'],
        }),
      );
    });
  });

  describe('a lesson moved', () => {
    it('sends both the updated invitation (the same UID, a higher SEQUENCE) saying from when to when', async () => {
      const lessonId = await addLesson({ startsAt: '2026-12-07T09:00:00.000Z' });
      await booked(lessonId);
      const invited = readCalendar((await mailTo(maria)).calendar!).events[0]!;
      await inDatabase(provider, (queries) => queries.run(sql`DELETE FROM outbox`));

      await move(lessonId, '2026-12-08T15:00:00.000Z');
      const student = await mailTo(maria);
      expect(student.subject).toBe('Lesson moved: Conversation practice with Amara Okafor');
      expect(student.text).toContain(
        'your lesson with Amara Okafor has moved.\n\n' +
          'Lesson: Conversation practice, 50 minutes\nTeacher: Amara Okafor\n' +
          "Was: Monday 7 December 2026, 09:00–09:50 UTC (10:00–10:50 Africa/Lagos, Amara Okafor's time)\n" +
          "Now: Tuesday 8 December 2026, 15:00–15:50 UTC (16:00–16:50 Africa/Lagos, Amara Okafor's time)\n\n" +
          'You can cancel with a full refund, or move the lesson, until Monday 7 December 2026, 15:00 UTC.\n\n' +
          'The invitation in this mail updates the lesson in your calendar.',
      );
      const teacher = await mailTo(amara);
      expect(teacher.text).toContain('Maria Silva moved their lesson with you.');
      expect(teacher.text).toContain('Was: Monday 7 December 2026, 10:00–10:50 Africa/Lagos\nNow: Tuesday 8 December 2026, 16:00–16:50 Africa/Lagos');

      for (const mail of [student, teacher]) {
        const { calendar, events } = readCalendar(mail.calendar!);
        expect(calendar.METHOD).toEqual(['REQUEST']);
        expect(events[0]).toEqual(
          expect.objectContaining({ UID: invited.UID, SEQUENCE: ['1'], DTSTART: ['20261208T150000Z'], DTEND: ['20261208T155000Z'], STATUS: ['CONFIRMED'] }),
        );
      }
    });
  });

  describe('a lesson cancelled', () => {
    it('by the teacher: METHOD:CANCEL to both, the reason, and the student\'s full refund', async () => {
      const lessonId = await addLesson({ startsAt: '2026-12-07T09:00:00.000Z' });
      await cancel(lessonId, 'teacher', 'full', 'I am ill; I am sorry.');
      const student = await mailTo(maria);
      expect(student.subject).toBe('Lesson cancelled: Conversation practice with Amara Okafor');
      expect(student.text).toContain(
        'Amara Okafor cancelled your lesson.\n\n' +
          'Lesson: Conversation practice, 50 minutes\nTeacher: Amara Okafor\n' +
          "When: Monday 7 December 2026, 09:00–09:50 UTC (10:00–10:50 Africa/Lagos, Amara Okafor's time)\n" +
          'Reason: I am ill; I am sorry.\n\n' +
          'You get a full refund of $20.00.\n\n' +
          'The cancellation in this mail removes the lesson from your calendar.',
      );
      const teacher = await mailTo(amara);
      expect(teacher.text).toContain('you cancelled your lesson with Maria Silva.');
      expect(teacher.text).toContain('Reason: I am ill; I am sorry.\n\nMaria Silva gets a full refund of $20.00.');

      for (const mail of [student, teacher]) {
        const { calendar, events } = readCalendar(mail.calendar!);
        expect(calendar.METHOD).toEqual(['CANCEL']);
        expect(events[0]).toEqual(expect.objectContaining({ UID: [`lesson-${lessonId}@academy.example`], SEQUENCE: ['1'], STATUS: ['CANCELLED'] }));
      }
    });

    it('by the student: who cancelled, and no refund inside the window', async () => {
      await cancel(await addLesson({ startsAt: '2026-12-01T20:00:00.000Z' }), 'student', 'none');
      const student = await mailTo(maria);
      expect(student.text).toContain('you cancelled your lesson with Amara Okafor.');
      expect(student.text).toContain('You get no refund: the lesson was cancelled less than 24 hours before its start.');
      expect(student.text).not.toContain('Reason:');
      const teacher = await mailTo(amara);
      expect(teacher.text).toContain('Maria Silva cancelled their lesson with you.');
      expect(teacher.text).toContain('Maria Silva gets no refund: the lesson was cancelled less than 24 hours before its start.');
    });

    it('a free trial: nothing was paid, and whether it may be booked again', async () => {
      await cancel(await addLesson({ startsAt: '2026-12-07T09:00:00.000Z', minutes: 25, freeTrial: true }), 'student', 'full');
      expect((await mailTo(maria)).text).toContain('This was a free trial: nothing was paid, and you may book your free trial with Amara Okafor again.');
      expect((await mailTo(amara)).text).toContain('This was a free trial: nothing was paid.');
      await inDatabase(provider, (queries) => queries.run(sql`DELETE FROM outbox`));

      await cancel(await addLesson({ startsAt: '2026-12-01T20:00:00.000Z', minutes: 25, freeTrial: true }), 'student', 'none');
      expect((await mailTo(maria)).text).toContain(
        'This was a free trial: nothing was paid. Cancelled less than 24 hours before its start, it counts as your free trial.',
      );
    });

    it('sends nothing for a hold let go before it was paid (never booked: no refund either way)', async () => {
      const lessonId = await addLesson({ startsAt: '2026-12-07T09:00:00.000Z' });
      await inDatabase(provider, (queries) => queries.run(sql`UPDATE lessons SET status = 'awaiting_payment' WHERE id = ${lessonId}`));
      await cancel(lessonId, 'student', null);
      expect(await mails()).toEqual([]);
    });
  });

  describe('the reminders', () => {
    const remind = () => provider.app.lessonMails.sendReminders();
    const subjects = async () => (await mails()).map((mail) => `${mail.to}: ${mail.subject}`);

    it('go a day and an hour before, to both, each once however often (and however many at once) the job runs', async () => {
      const lessonId = await addLesson({ startsAt: '2026-12-04T09:00:00.000Z' });
      await booked(lessonId);
      await inDatabase(provider, (queries) => queries.run(sql`DELETE FROM outbox`));
      await remind();
      expect(await subjects()).toEqual([]);

      // 24 hours and a minute before: not yet; 23 hours 59 minutes before: the day's.
      jest.setSystemTime(new Date('2026-12-03T08:59:00.000Z'));
      await remind();
      expect(await subjects()).toEqual([]);
      passTime(2 * minute);
      await Promise.all([remind(), remind()]);
      await remind();
      expect(await subjects()).toEqual([
        `${maria}: Tomorrow: Conversation practice with Amara Okafor`,
        `${amara}: Tomorrow: Conversation practice with Maria Silva`,
      ]);
      const [student] = await mails();
      expect(student!.text).toBe(
        [
          'Hello Maria Silva,',
          'your lesson with Amara Okafor starts tomorrow.',
          'Lesson: Conversation practice, 50 minutes\nTeacher: Amara Okafor\n' +
            "When: Friday 4 December 2026, 09:00–09:50 UTC (10:00–10:50 Africa/Lagos, Amara Okafor's time)",
          'Your lessons: https://academy.example/student-lessons',
          'Language Academy',
        ].join('\n\n'),
      );
      expect(student!.calendar).toBeUndefined();

      jest.setSystemTime(new Date('2026-12-04T08:01:00.000Z'));
      await Promise.all([remind(), remind()]);
      await remind();
      expect((await subjects()).slice(2)).toEqual([
        `${maria}: In an hour: Conversation practice with Amara Okafor`,
        `${amara}: In an hour: Conversation practice with Maria Silva`,
      ]);
      expect((await mails())[3]!.text).toContain('your lesson with Maria Silva starts in an hour.\n\nLesson: Conversation practice, 50 minutes\nStudent: Maria Silva\nWhen: Friday 4 December 2026, 10:00–10:50 Africa/Lagos');

      passTime(day);
      await remind();
      expect(await mails()).toHaveLength(4);
    });

    it('skip the day before for a lesson booked less than 24 hours ahead, and both for one booked less than an hour ahead', async () => {
      await booked(await addLesson({ startsAt: '2026-12-01T20:00:00.000Z' }));
      await booked(await addLesson({ startsAt: '2026-12-01T08:30:00.000Z', teacherId: ids.otherTeacherId }));
      await inDatabase(provider, (queries) => queries.run(sql`DELETE FROM outbox`));
      await remind();
      expect(await subjects()).toEqual([]);

      jest.setSystemTime(new Date('2026-12-01T19:05:00.000Z'));
      await remind();
      expect(await subjects()).toEqual([
        `${maria}: In an hour: Conversation practice with Amara Okafor`,
        `${amara}: In an hour: Conversation practice with Maria Silva`,
      ]);
    });

    it('come due again when the lesson is moved further ahead than a day, and go at its new time', async () => {
      const lessonId = await addLesson({ startsAt: '2026-12-01T20:00:00.000Z' });
      await booked(lessonId);
      await move(lessonId, '2026-12-05T20:00:00.000Z');
      await inDatabase(provider, (queries) => queries.run(sql`DELETE FROM outbox`));

      jest.setSystemTime(new Date('2026-12-01T19:05:00.000Z'));
      await remind();
      expect(await subjects()).toEqual([]);
      jest.setSystemTime(new Date('2026-12-04T20:30:00.000Z'));
      await remind();
      expect(await subjects()).toEqual([`${maria}: Tomorrow: Conversation practice with Amara Okafor`, `${amara}: Tomorrow: Conversation practice with Maria Silva`]);
    });

    it('are not sent for a cancelled lesson, nor for one that has started', async () => {
      const cancelled = await addLesson({ startsAt: '2026-12-03T09:00:00.000Z' });
      await booked(cancelled);
      await cancel(cancelled, 'student', 'full');
      await booked(await addLesson({ startsAt: '2026-12-03T12:00:00.000Z', teacherId: ids.otherTeacherId }));
      await inDatabase(provider, (queries) => queries.run(sql`DELETE FROM outbox`));

      jest.setSystemTime(new Date('2026-12-02T13:00:00.000Z'));
      await remind();
      // Kwame's lesson only.
      expect(await subjects()).toEqual([`${maria}: Tomorrow: Conversation practice with Kwame Mensah`, 'kwame@academy.test: Tomorrow: Conversation practice with Maria Silva']);

      // The job did not run in the lesson's last hour: once it has started, no reminder.
      jest.setSystemTime(new Date('2026-12-03T12:01:00.000Z'));
      await remind();
      expect(await mails()).toHaveLength(2);
    });
  });
});
