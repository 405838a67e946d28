import type Database from 'better-sqlite3';
import { reviewerName } from '../../provider/src/routes/courses';
import { type Client, type DemoIds, type RunningProvider, startDemoProvider, withDatabase as withProviderDatabase } from './support';

/** The learning extensions of issue 22 over HTTP: chapter lengths and course reviews. */

interface Chapter {
  id: number;
  video: string | null;
  duration: number | null;
}

interface CourseReviews {
  ratings: number;
  average: number | null;
  distribution: Record<'1' | '2' | '3' | '4' | '5', number>;
  reviews_total: number;
  reviews: { id: number; rating: number; review: string; reviewer: string; rated_at: string }[];
}

const day = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * day).toISOString();

describe('learning extensions', () => {
  let provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client;

  beforeAll(async () => {
    ({ provider, ids, visitor, maria } = await startDemoProvider());
  });

  afterAll(() => provider.stop());

  const withDatabase = <T>(run: (db: Database.Database) => T): T => withProviderDatabase(provider, run);

  /** A course of the demo teacher with no chapters, ratings or enrolments; its id. */
  const emptyCourse = (title: string) =>
    withDatabase((db) =>
      Number(
        db
          .prepare(
            `INSERT INTO courses (category_id, teacher_id, title, created_at)
             VALUES ((SELECT MIN(id) FROM categories), ?, ?, ?)`,
          )
          .run(ids.teacherId, title, daysAgo(1)).lastInsertRowid,
      ),
    );

  describe('chapter lengths', () => {
    it('tells everyone how long each chapter is, without the video for a visitor', async () => {
      const spanish = ids.courses.Spanish!.id;
      const seen = await visitor.get<Chapter[]>(`/api/course-chapters/${spanish}`);
      expect(seen.status).toBe(200);
      expect(seen.body.length).toBeGreaterThan(0);
      for (const chapter of seen.body) {
        expect(chapter.video).toBeNull();
        expect(chapter.duration).toBeCloseTo(4, 1);
      }
      const enrolled = await maria.get<Chapter[]>(`/api/course-chapters/${spanish}`);
      expect(enrolled.body[0]!.video).toEqual(expect.any(String));
      expect(enrolled.body[0]!.duration).toBeCloseTo(4, 1);
    });

    it('sends null when the length is unknown', async () => {
      const courseId = ids.courses.Spanish!.id;
      const [first] = (await visitor.get<Chapter[]>(`/api/course-chapters/${courseId}`)).body;
      withDatabase((db) => db.prepare('UPDATE chapters SET duration_seconds = NULL WHERE id = ?').run(first!.id));
      const [again] = (await visitor.get<Chapter[]>(`/api/course-chapters/${courseId}`)).body;
      expect(again).toMatchObject({ id: first!.id, duration: null });
      withDatabase((db) =>
        db.prepare('UPDATE chapters SET duration_seconds = ? WHERE id = ?').run(first!.duration, first!.id),
      );
    });
  });

  describe('course reviews', () => {
    it('names a reviewer by first name and last initial only', () => {
      expect(reviewerName('Maria Silva')).toBe('Maria S.');
      expect(reviewerName('  ana maría  lópez  ')).toBe('ana L.');
      expect(reviewerName('Ọlá ọ̀ṣun')).toBe('Ọlá Ọ̀.');
      expect(reviewerName('Cher')).toBe('Cher');
      expect(reviewerName('   ')).toBe('A student');
    });

    it('gives anyone the count, average, stars and the written reviews, newest first, a page at a time', async () => {
      const courseId = emptyCourse('Reviewed course');
      withDatabase((db) => {
        const addStudent = db.prepare(
          `INSERT INTO students (full_name, email, username, password_hash, verified, created_at)
           VALUES (?, ?, ?, 'x', 1, ?)`,
        );
        const rate = db.prepare(
          'INSERT INTO ratings (course_id, student_id, rating, reviews, rated_at) VALUES (?, ?, ?, ?, ?)',
        );
        const ratings: [string, number, string, number][] = [
          ['Ada Lovelace', 5, 'Clear and friendly.', 3],
          ['Grace Hopper', 4, '   ', 2],
          ['Kofi Annan', 2, 'Too fast for me.', 1],
          ['', 5, 'Wonderful.', 5],
          ['Alan Turing', 3, 'Good, wanted more exercises.', 8],
          ['Edsger Dijkstra', 5, '', 9],
        ];
        ratings.forEach(([name, stars, review, days], index) => {
          const studentId = Number(
            addStudent.run(name, `reviewer${index}@example.org`, `reviewer${index}`, daysAgo(30)).lastInsertRowid,
          );
          rate.run(courseId, studentId, stars, review, daysAgo(days));
        });
      });

      const all = await visitor.get<CourseReviews>(`/api/course-reviews/${courseId}`);
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({
        ratings: 6,
        average: 4,
        distribution: { '1': 0, '2': 1, '3': 1, '4': 1, '5': 3 },
        reviews_total: 4,
      });
      expect(all.body.reviews.map(({ reviewer, rating, review }) => [reviewer, rating, review])).toEqual([
        ['Kofi A.', 2, 'Too fast for me.'],
        ['Ada L.', 5, 'Clear and friendly.'],
        ['A student', 5, 'Wonderful.'],
        ['Alan T.', 3, 'Good, wanted more exercises.'],
      ]);
      expect(JSON.stringify(all.body)).not.toMatch(/@|reviewer\d|"student"/);

      const page = await visitor.get<CourseReviews>(`/api/course-reviews/${courseId}?limit=2&offset=1`);
      expect(page.body.reviews_total).toBe(4);
      expect(page.body.reviews.map(({ reviewer }) => reviewer)).toEqual(['Ada L.', 'A student']);
    });

    it('answers the first 10 written reviews without a limit, and nothing for a course nobody rated', async () => {
      const courseId = emptyCourse('Much reviewed course');
      const unrated = emptyCourse('Unrated course');
      withDatabase((db) => {
        const addStudent = db.prepare(
          `INSERT INTO students (full_name, email, password_hash, verified, created_at) VALUES (?, ?, 'x', 1, ?)`,
        );
        const rate = db.prepare(
          'INSERT INTO ratings (course_id, student_id, rating, reviews, rated_at) VALUES (?, ?, 4, ?, ?)',
        );
        for (let index = 0; index < 12; index += 1) {
          const studentId = Number(
            addStudent.run(`Many ${index}`, `many${index}@example.org`, daysAgo(30)).lastInsertRowid,
          );
          rate.run(courseId, studentId, `Review ${index}`, daysAgo(20 - index));
        }
      });
      const first = await visitor.get<CourseReviews>(`/api/course-reviews/${courseId}`);
      expect(first.body.reviews_total).toBe(12);
      expect(first.body.reviews).toHaveLength(10);
      expect(first.body.reviews[0]!.review).toBe('Review 11');

      expect((await visitor.get<CourseReviews>(`/api/course-reviews/${unrated}`)).body).toEqual({
        ratings: 0,
        average: null,
        distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
        reviews_total: 0,
        reviews: [],
      });
    });

    it('answers 404 for an unknown course and 400 with a msg for a bad page', async () => {
      const courseId = ids.courses.Spanish!.id;
      const unknown = await visitor.get(`/api/course-reviews/999999`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.msg).toEqual(expect.any(String));
      for (const query of ['limit=0', 'limit=101', 'limit=ten', 'offset=-1']) {
        const bad = await visitor.get(`/api/course-reviews/${courseId}?${query}`);
        expect({ query, status: bad.status, msg: typeof bad.body.msg }).toEqual({ query, status: 400, msg: 'string' });
      }
    });
  });
});
