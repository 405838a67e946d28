import { CatalogueCache } from '../catalogueCache';
import { type ProviderContext, viewerOf } from '../context';
import { now } from '../db';
import { isPublished, visibleCourse } from '../drafts';
import { HttpError, badRequest, messages } from '../errors';
import {
  type CategoryRow,
  type RatingRow,
  findCategory,
  hasRated,
  isEnrolled,
  requireCourse,
} from '../records';
import { type ApiRequest, type Handlers } from '../router';
import { ownedCourse } from './guards';
import { file, id, nonBlank, optionalText, pageOf, price, text } from './values';

/** The `sort` values of the course list (api-spec.yaml `listCourses`). */
type CourseSort = 'newest' | 'price_asc' | 'price_desc' | 'rating' | 'popular';

/** A course's price as a number, a free one (no price, empty or zero) as 0: what `free` and the price orders read. */
const priceOf = "COALESCE(CAST(NULLIF(trim(c.price), '') AS REAL), 0)";

/**
 * The ORDER BY of each `sort`, ties by id (the app sorts a provider's answer the same way when the
 * provider ignores `sort`: api/listing.ts). The rating is the average before the answer rounds it.
 */
const courseOrder: Record<CourseSort, string> = {
  newest: 'c.id DESC',
  price_asc: `${priceOf}, c.id`,
  price_desc: `${priceOf} DESC, c.id`,
  rating: '(SELECT AVG(r.rating) FROM ratings r WHERE r.course_id = c.id) DESC NULLS LAST, c.id',
  popular: '(SELECT COUNT(*) FROM enrollments e WHERE e.course_id = c.id) DESC, c.id',
};

export function courseHandlers(context: ProviderContext): Handlers {
  const { db, queries, sessions, present, media, catalogue } = context;

  const listCategories = async () => db.prepare('SELECT id, title FROM categories ORDER BY id').all() as CategoryRow[];

  /** The caller as the course's teacher: `teacher` in the form must be the session's teacher. */
  const teacherFromForm = async (request: ApiRequest): Promise<number> => {
    const teacherId = await sessions.require(request, 'teacher');
    if (id(request.body.teacher, 'teacher') !== teacherId) throw new HttpError(403, messages.forbidden);
    return teacherId;
  };

  const categoryFromForm = async (value: unknown): Promise<number> => {
    const categoryId = id(value, 'category');
    if (!(await findCategory(queries, categoryId))) throw badRequest('Unknown category.');
    return categoryId;
  };

  return {
    listCategories,
    listCategoryOptions: listCategories,

    /**
     * Courses, in id order (the most popular first with `result`, or in the `sort` order, ties by
     * id), the free ones only with `free=true`. Never a query per course: the
     * whole list is the cached one (catalogueCache.ts), a filtered list or a page takes the
     * matching ids from SQL and their answers from the cache when it is current, else from one
     * bulk presentation of just those courses.
     */
    async listCourses(request, reply) {
      const { query } = request;
      const filters = {
        category: query.category ?? null,
        teacher: query.teacher ?? null,
        search: text(query.search),
        language: text(query.language),
        free: query.free === true,
      };
      const sort = (query.sort as CourseSort | undefined) ?? (query.result === undefined ? null : 'popular');
      const viewer = await viewerOf(context, request);
      const everything =
        filters.category === null &&
        filters.teacher === null &&
        filters.search === '' &&
        filters.language === '' &&
        !filters.free &&
        sort === null &&
        query.result === undefined &&
        query.limit === undefined &&
        (query.offset === undefined || Number(query.offset) === 0);
      if (everything) {
        const snapshot = await catalogue.current();
        reply.header('X-Total-Count', snapshot.ids.length);
        const watchable = await present.watchableCourseIds(viewer);
        if (CatalogueCache.isShared(snapshot, watchable)) return catalogue.sendShared(request, reply, snapshot);
        reply.type('application/json; charset=utf-8');
        return CatalogueCache.listJson(snapshot, snapshot.ids, watchable);
      }

      // Published courses only (drafts are their teacher's: drafts.ts), and only the filters asked for.
      const conditions = [
        isPublished('c'),
        filters.category === null ? '' : 'c.category_id = @category',
        filters.teacher === null ? '' : 'c.teacher_id = @teacher',
        filters.search === '' ? '' : "instr(casefold(c.title || ' ' || c.description), casefold(@search)) > 0",
        filters.language === '' ? '' : 'instr(casefold(c.languages), casefold(@language)) > 0',
        filters.free ? `${priceOf} = 0` : '',
      ].filter(Boolean);
      const matching = `FROM courses c ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}`;
      const { free: _free, ...bindings } = filters;
      const { count } = db.prepare(`SELECT COUNT(*) AS count ${matching}`).get(bindings) as { count: number };
      // `result` asks for the most popular courses, at most that many; `limit` and `offset` page them.
      const total = query.result === undefined ? count : Math.min(count, Number(query.result));
      const page = pageOf(query, total);
      const ids = db
        .prepare(
          `SELECT c.id ${matching}
           ORDER BY ${sort === null ? 'c.id' : courseOrder[sort]}
           LIMIT @limit OFFSET @offset`,
        )
        .pluck()
        .all({ ...bindings, ...page }) as number[];
      reply.header('X-Total-Count', total);
      reply.type('application/json; charset=utf-8');
      const snapshot = await catalogue.ifCurrent();
      if (snapshot) return CatalogueCache.listJson(snapshot, ids, await present.watchableCourseIds(viewer));
      return JSON.stringify(await present.courses(ids.map((courseId) => ({ id: courseId })), viewer));
    },

    /** A draft only to its teacher and its enrolled students: 404 to others, as an unknown course. */
    async getCourse(request) {
      const viewer = await viewerOf(context, request);
      return present.course(await visibleCourse(queries, id(request.params.course_id), viewer), viewer);
    },

    async createCourse(request, reply) {
      const teacherId = await teacherFromForm(request);
      const { body } = request;
      const title = nonBlank(body.title, 'title');
      const categoryId = await categoryFromForm(body.category);
      const image = file(body.featured_img);
      if (!image) throw badRequest('A course image is required.');
      const { lastInsertRowid } = db
        .prepare(
          `INSERT INTO courses (category_id, teacher_id, title, description, languages, price, featured_img, created_at, status)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          categoryId,
          teacherId,
          title,
          text(body.description),
          text(body.languages),
          price(body.price),
          await media.keep(image),
          now(),
          // Extension: `draft` keeps it out of the catalogue until setCourseStatus publishes it.
          body.status === 'draft' ? 'draft' : 'published',
        );
      const course = await requireCourse(queries, Number(lastInsertRowid));
      return reply.code(201).send(await present.course(course, await viewerOf(context, request)));
    },

    async deleteCourse(request, reply) {
      const course = await ownedCourse(context, request, id(request.params.id));
      const chapters = await present.chapterRows(course.id);
      db.prepare('DELETE FROM courses WHERE id = ?').run(course.id);
      await media.remove(course.featured_img);
      for (const chapter of chapters) {
        await media.remove(chapter.video);
        await media.remove(chapter.captions);
      }
      return reply.code(204).send();
    },

    async getTeacherCourseDetail(request) {
      const course = await ownedCourse(context, request, id(request.params.course_id));
      return present.course(course, await viewerOf(context, request));
    },

    async updateCourse(request) {
      const course = await ownedCourse(context, request, id(request.params.course_id));
      await teacherFromForm(request);
      const { body } = request;
      const title = nonBlank(body.title, 'title');
      const categoryId = await categoryFromForm(body.category);
      const image = file(body.featured_img);
      const featuredImg = image ? await media.keep(image) : course.featured_img;
      db.prepare(
        `UPDATE courses SET category_id = ?, title = ?, description = ?, languages = ?, price = ?, featured_img = ?
         WHERE id = ?`,
      ).run(
        categoryId,
        title,
        optionalText(body.description) ?? course.description,
        optionalText(body.languages) ?? course.languages,
        body.price === undefined ? course.price : price(body.price),
        featuredImg,
        course.id,
      );
      if (image) await media.remove(course.featured_img);
      return present.course(await requireCourse(queries, course.id), await viewerOf(context, request));
    },

    /**
     * Extension: `published` needs at least one chapter and a course image (400 naming what is
     * missing); `draft` takes the course out of the catalogue (the catalogue cache sees the update
     * through migration 11's trigger), its enrolled students keep it. Only its teacher.
     */
    async setCourseStatus(request) {
      const course = await ownedCourse(context, request, id(request.params.course_id));
      const status = request.body.status === 'draft' ? 'draft' : 'published';
      if (status === 'published') {
        const chapters = db.prepare('SELECT COUNT(*) FROM chapters WHERE course_id = ?').pluck().get(course.id) as number;
        const missing = [chapters === 0 ? 'at least one chapter' : '', course.featured_img ? '' : 'a course image'].filter(
          Boolean,
        );
        if (missing.length > 0) throw badRequest(courseTexts.publishNeeds(missing));
      }
      if (course.status !== status) db.prepare('UPDATE courses SET status = ? WHERE id = ?').run(status, course.id);
      return present.course(await requireCourse(queries, course.id), await viewerOf(context, request));
    },

    async listTeacherCourses(request) {
      const teacherId = id(request.params.teacherId);
      await sessions.requireSelf(request, 'teacher', teacherId);
      const rows = db.prepare('SELECT id FROM courses WHERE teacher_id = ? ORDER BY id').all(teacherId) as { id: number }[];
      return present.courses(rows, await viewerOf(context, request));
    },

    async fetchEnrollStatus(request) {
      const studentId = id(request.params.studentId);
      await sessions.requireSelf(request, 'student', studentId);
      const course = await visibleCourse(queries, id(request.params.course_id), await viewerOf(context, request));
      return { bool: await isEnrolled(queries, studentId, course.id), rated: await hasRated(queries, studentId, course.id) };
    },

    async fetchRatingStatus(request) {
      const studentId = id(request.params.student_id);
      await sessions.requireSelf(request, 'student', studentId);
      const course = await visibleCourse(queries, id(request.params.course_id), await viewerOf(context, request));
      return { bool: await hasRated(queries, studentId, course.id) };
    },

    async rateCourse(request, reply) {
      const studentId = await sessions.require(request, 'student');
      const course = await requireCourse(queries, id(request.params.course_id));
      const { body } = request;
      if (id(body.course, 'course') !== course.id)
        throw badRequest('The course field must match the course in the path.');
      if (id(body.student, 'student') !== studentId) throw new HttpError(403, messages.forbidden);
      if (!(await isEnrolled(queries, studentId, course.id))) {
        throw new HttpError(403, 'Only students enrolled in this course may rate it.');
      }
      if (await hasRated(queries, studentId, course.id)) throw badRequest('You have already rated this course.');
      const { lastInsertRowid } = db
        .prepare('INSERT INTO ratings (course_id, student_id, rating, reviews, rated_at) VALUES (?, ?, ?, ?, ?)')
        .run(course.id, studentId, Number(body.rating), text(body.reviews), now());
      const rating = db.prepare('SELECT * FROM ratings WHERE id = ?').get(lastInsertRowid) as RatingRow;
      return reply.code(201).send(present.rating(rating));
    },

    /**
     * Extension: the course's ratings (count, average, stars) and a page of its written reviews,
     * newest first (ties by id, newest first), the first `reviewsPageSize` without `limit`.
     * Reviewers are named by first name and last initial only.
     */
    async listCourseReviews(request) {
      const course = await visibleCourse(queries, id(request.params.course_id), await viewerOf(context, request));
      const stars = db
        .prepare('SELECT rating, COUNT(*) AS count FROM ratings WHERE course_id = ? GROUP BY rating')
        .all(course.id) as { rating: number; count: number }[];
      const distribution: Record<'1' | '2' | '3' | '4' | '5', number> = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
      let ratings = 0;
      let sum = 0;
      for (const { rating, count } of stars) {
        distribution[String(rating) as keyof typeof distribution] = count;
        ratings += count;
        sum += rating * count;
      }
      const written = "course_id = @course AND trim(reviews) <> ''";
      const reviewsTotal = db
        .prepare(`SELECT COUNT(*) FROM ratings WHERE ${written}`)
        .pluck()
        .get({ course: course.id }) as number;
      const limit = request.query.limit === undefined ? reviewsPageSize : Number(request.query.limit);
      const offset = request.query.offset === undefined ? 0 : Number(request.query.offset);
      const rows = db
        .prepare(
          `SELECT r.id, r.rating, r.reviews, r.rated_at, s.full_name
           FROM ratings r JOIN students s ON s.id = r.student_id
           WHERE ${written.replace(/course_id|reviews/g, (column) => `r.${column}`)}
           ORDER BY r.rated_at DESC, r.id DESC LIMIT @limit OFFSET @offset`,
        )
        .all({ course: course.id, limit, offset }) as (Pick<RatingRow, 'id' | 'rating' | 'reviews' | 'rated_at'> & {
        full_name: string;
      })[];
      return {
        ratings,
        average: ratings === 0 ? null : Math.round((sum / ratings) * 10) / 10,
        distribution,
        reviews_total: reviewsTotal,
        reviews: rows.map((row) => ({
          id: row.id,
          rating: row.rating,
          review: row.reviews.trim(),
          reviewer: reviewerName(row.full_name),
          rated_at: row.rated_at,
        })),
      };
    },
  };
}

export const courseTexts = {
  /** setCourseStatus refusing to publish: what the course still needs ("at least one chapter and a course image"). */
  publishNeeds: (missing: readonly string[]) => `Before publishing, add ${missing.join(' and ')} to the course.`,
} as const;

/** Written reviews per page of `listCourseReviews` when the caller gives no `limit`. */
export const reviewsPageSize = 10;

/**
 * How a review names its writer: the first name and the initial of the last name ("Maria S."),
 * the first name alone for a one-word name, "A student" for a blank one. The initial is a whole
 * grapheme ("Ọ" with its marks), upper-cased.
 */
export function reviewerName(fullName: string): string {
  const words = fullName.trim().split(/\s+/u).filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return 'A student';
  const last = rest.at(-1);
  if (!last) return first;
  const [initial] = new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(last);
  return `${first} ${(initial?.segment ?? '').toLocaleUpperCase()}.`;
}
