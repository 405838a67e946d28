import { sql } from 'kysely';
import { bookedLesson, minute } from './lessonRoomSupport';
import { type Client, type DemoIds, type RunningProvider, inDatabase, startDemoProvider } from './support';

/**
 * After a lesson (issue 40): the teacher's note and homework, the student's rating, and what the
 * teacher's page shows of them: the lessons given, the average and the latest ratings.
 */
let provider: RunningProvider;
let ids: DemoIds;
let maria: Client;
let kofi: Client;
let amara: Client;
let kwame: Client;
let visitor: Client;

beforeAll(async () => {
  ({ provider, ids, maria, kofi, amara, kwame, visitor } = await startDemoProvider());
});
afterAll(() => provider.stop());

const hour = 60 * minute;
const note = (lessonId: number) => `/api/lessons/${lessonId}/note/`;
const rating = (lessonId: number) => `/api/lessons/${lessonId}/rating/`;

/** An assignment of the demo teacher for the demo student (a lesson's homework). */
async function assignment(teacherId = ids.teacherId, studentId = ids.studentId): Promise<number> {
  const row = await inDatabase(provider, (queries) =>
    queries.one(
      sql<{ id: number }>`INSERT INTO assignments (teacher_id, student_id, title, detail, created_at, answer_kind, mark_scale)
        VALUES (${teacherId}, ${studentId}, 'Greet three people', 'Record your greetings.', ${new Date().toISOString()}, 'voice', 'words') RETURNING id`,
    ),
  );
  return (row as { id: number }).id;
}

describe('writeLessonNote', () => {
  test('keeps the teacher’s note and homework once the lesson has started, and the student reads them', async () => {
    const lessonId = await bookedLesson(provider, ids, -5 * minute);
    const homework = await assignment();
    const written = await amara.put<Record<string, unknown>>(note(lessonId), {
      form: { note: '  Greetings at different times of day.  ', homework_assignment_id: String(homework) },
    });
    expect(written.status).toBe(200);
    expect(written.body).toMatchObject({ id: lessonId, note: 'Greetings at different times of day.', homework_assignment_id: homework });
    const past = await maria.get<{ lessons: Record<string, unknown>[] }>(`/api/student-lessons/${ids.studentId}/?when=upcoming`);
    expect(past.body.lessons.find((lesson) => lesson.id === lessonId)).toMatchObject({ note: 'Greetings at different times of day.', homework_assignment_id: homework });

    // Written again: replaced, the homework taken away.
    const again = await amara.put<Record<string, unknown>>(note(lessonId), { form: { note: 'Greetings and farewells.', homework_assignment_id: '' } });
    expect(again.body).toMatchObject({ note: 'Greetings and farewells.', homework_assignment_id: null });
  });

  test('refuses a note before the lesson, a blank or too long one, and homework that is not the teacher’s for this student', async () => {
    const later = await bookedLesson(provider, ids, 2 * hour);
    expect((await amara.put(note(later), { form: { note: 'Too early' } })).body).toEqual({ msg: 'A lesson’s note is written once it has started.' });
    const started = await bookedLesson(provider, ids, -3 * hour);
    expect((await amara.put(note(started), { form: { note: '   ' } })).body).toEqual({ msg: 'Please write what the lesson covered.' });
    expect((await amara.put(note(started), { form: { note: 'x'.repeat(2001) } })).status).toBe(400);
    const otherStudents = await assignment(ids.teacherId, ids.otherStudentId);
    expect((await amara.put(note(started), { form: { note: 'Covered', homework_assignment_id: String(otherStudents) } })).body).toEqual({
      msg: 'The homework must be one of your assignments for this student.',
    });
  });

  test('is the lesson’s teacher’s only', async () => {
    const lessonId = await bookedLesson(provider, ids, -7 * hour);
    expect((await visitor.put(note(lessonId), { form: { note: 'Covered' } })).status).toBe(401);
    expect((await maria.put(note(lessonId), { form: { note: 'Covered' } })).status).toBe(401);
    expect((await kwame.put(note(lessonId), { form: { note: 'Covered' } })).status).toBe(403);
    const cancelled = await bookedLesson(provider, ids, -9 * hour, 'cancelled');
    expect((await amara.put(note(cancelled), { form: { note: 'Covered' } })).status).toBe(404);
  });
});

describe('rateLesson and the teacher’s figures', () => {
  test('keeps the student’s rating once the lesson has ended, and the teacher’s page counts the lessons given and the ratings', async () => {
    const before = await visitor.get<Record<string, unknown>>(`/api/teacher-lessons/${ids.teacherId}/reviews/`);
    expect(before.status).toBe(200);
    const givenBefore = before.body.lessons_given as number;

    const first = await bookedLesson(provider, ids, -30 * hour);
    const second = await bookedLesson(provider, ids, -28 * hour);
    const rated = await maria.put<Record<string, unknown>>(rating(first), { form: { rating: '5', comment: ' Patient, and lots of speaking. ' } });
    expect(rated.status).toBe(200);
    expect(rated.body).toMatchObject({ rating: 5, rating_comment: 'Patient, and lots of speaking.' });
    await maria.put(rating(second), { form: { rating: '4' } });

    const { body } = await visitor.get<{ lessons_given: number; rating_average: number; rating_count: number; reviews: Record<string, unknown>[] }>(
      `/api/teacher-lessons/${ids.teacherId}/reviews/`,
    );
    expect(body.lessons_given).toBe(givenBefore + 2);
    expect(body.rating_count).toBe(2);
    expect(body.rating_average).toBe(4.5);
    // The latest first, with the student's first name only.
    expect(body.reviews).toEqual([
      { rating: 4, comment: null, student_name: expect.stringMatching(/^\S+$/), rated_at: expect.any(String) },
      { rating: 5, comment: 'Patient, and lots of speaking.', student_name: expect.stringMatching(/^\S+$/), rated_at: expect.any(String) },
    ]);

    // Rated again: replaced, not counted twice.
    await maria.put(rating(first), { form: { rating: '3' } });
    const after = await visitor.get<{ rating_average: number; rating_count: number }>(`/api/teacher-lessons/${ids.teacherId}/reviews/`);
    expect(after.body).toMatchObject({ rating_count: 2, rating_average: 3.5 });
  });

  test('refuses a rating before the lesson has ended, outside 1 to 5, from anyone but its student', async () => {
    const running = await bookedLesson(provider, ids, -10 * minute);
    expect((await maria.put(rating(running), { form: { rating: '5' } })).body).toEqual({ msg: 'A lesson is rated once it has ended.' });
    const ended = await bookedLesson(provider, ids, -50 * hour);
    expect((await maria.put(rating(ended), { form: { rating: '6' } })).status).toBe(400);
    expect((await maria.put(rating(ended), { form: { rating: '4', comment: 'x'.repeat(1001) } })).status).toBe(400);
    expect((await kofi.put(rating(ended), { form: { rating: '1' } })).status).toBe(403);
    expect((await amara.put(rating(ended), { form: { rating: '5' } })).status).toBe(401);
  });

  test('answers 404 for a teacher not approved or unknown', async () => {
    expect((await visitor.get('/api/teacher-lessons/999999/reviews/')).status).toBe(404);
  });
});

describe('a lesson makes the two the teacher’s student and teacher', () => {
  test('the teacher may set a student of a lesson an assignment (the homework) and the two may message each other', async () => {
    // Kofi is enrolled in none of Kwame's courses (the demo data): a booked lesson makes him Kwame's student.
    const assignmentForm = { teacher: String(ids.otherTeacherId), student: String(ids.otherStudentId), title: 'Practise the tones', answer_kind: 'text' };
    const before = await kwame.post(`/api/student-assignment/${ids.otherTeacherId}/${ids.otherStudentId}/`, { multipart: assignmentForm });
    expect({ status: before.status, body: before.body }).toEqual({ status: 403, body: { msg: 'You can only give assignments to your students: those enrolled in one of your courses or with a lesson booked with you.' } });
    await inDatabase(provider, (queries) =>
      queries.run(sql`INSERT INTO lessons (teacher_id, student_id, title, minutes, free_trial, price, languages, starts_at, ends_at, cancellation_hours, status, created_at)
        VALUES (${ids.otherTeacherId}, ${ids.otherStudentId}, 'Twi talk', 25, 0, '15.00', '["Twi"]', ${new Date(Date.now() + 48 * hour).toISOString()},
          ${new Date(Date.now() + 48 * hour + 25 * minute).toISOString()}, 24, 'booked', ${new Date().toISOString()})`),
    );
    const after = await kwame.post(`/api/student-assignment/${ids.otherTeacherId}/${ids.otherStudentId}/`, { multipart: assignmentForm });
    expect(after.status).toBe(201);
  });
});
