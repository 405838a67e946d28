import { type RawBuilder, sql } from 'kysely';
import { CatalogueCache } from '../catalogueCache';
import { type ProviderContext, viewerOf } from '../context';
import { now } from '../db';
import { isPublished, visibleCourse } from '../drafts';
import { HttpError, badRequest, messages } from '../errors';
import {
  type CategoryRow,
  type CourseRow,
  type RatingRow,
  findCategory,
  hasRated,
  isEnrolled,
  requireCourse,
} from '../records';
import { type ApiRequest, type Handlers } from '../router';
import { ownedCourse } from './guards';
import { courseLevel, courseOutcomes, file, id, nonBlank, optionalText, pageOf, price, text } from './values';

/** The `sort` values of the course list (api-spec.yaml `listCourses`). */
type CourseSort = 'newest' | 'price_asc' | 'price_desc' | 'rating' | 'popular';

/** A course's price as a number, a free one (no price, empty or zero) as 0: what `free` and the price orders read. */
const priceOf = sql`COALESCE(CAST(NULLIF(trim(c.price), '') AS REAL), 0)`;

/**
 * The ORDER BY of each `sort`, ties by id (the app sorts a provider's answer the same way when the
 * provider ignores `sort`: api/listing.ts). The rating is the average before the answer rounds it.
 */
const courseOrder: Record<CourseSort, RawBuilder<unknown>> = {
  newest: sql`c.id DESC`,
  price_asc: sql`${priceOf}, c.id`,
  price_desc: sql`${priceOf} DESC, c.id`,
  rating: sql`(SELECT AVG(r.rating) FROM ratings r WHERE r.course_id = c.id) DESC NULLS LAST, c.id`,
  popular: sql`(SELECT COUNT(*) FROM enrollments e WHERE e.course_id = c.id) DESC, c.id`,
};

export function courseHandlers(context: ProviderContext): Handlers {
  const { queries, sessions, present, media, catalogue } = context;

  const listCategories = () => queries.all(sql<Pick<CategoryRow, 'id' | 'title'>>`SELECT id, title FROM categories ORDER BY id`);

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
        level: typeof query.level === 'string' ? query.level : null,
      };
      const sort = (query.sort as CourseSort | undefined) ?? (query.result === undefined ? null : 'popular');
      const viewer = await viewerOf(context, request);
      const everything =
        filters.category === null &&
        filters.teacher === null &&
        filters.search === '' &&
        filters.language === '' &&
        !filters.free &&
        filters.level === null &&
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

      // Published courses only (drafts are their teacher's: drafts.ts), and only the filters asked for;
      // the search is matched over the cached catalogue (CatalogueCache.matching), the rest in SQL.
      const conditions = [
        sql.raw(isPublished('c')),
        ...(filters.category === null ? [] : [sql`c.category_id = ${Number(filters.category)}`]),
        ...(filters.teacher === null ? [] : [sql`c.teacher_id = ${Number(filters.teacher)}`]),
        ...(filters.language === '' ? [] : [sql`instr(casefold(c.languages), casefold(${filters.language})) > 0`]),
        ...(filters.free ? [sql`${priceOf} = 0`] : []),
        ...(filters.level === null ? [] : [sql`c.level = ${filters.level}`]),
      ];
      const matching = sql`FROM courses c WHERE ${sql.join(conditions, sql` AND `)}`;
      const order = sql`ORDER BY ${sort === null ? sql`c.id` : courseOrder[sort]}`;
      let ids: number[];
      let total: number;
      if (filters.search !== '') {
        // Every id the other filters keep, in order (ids only), then those the search matches, cut here.
        const searched = CatalogueCache.matching(await catalogue.current(), filters.search);
        const kept = searched.size === 0 ? [] : (await queries.all(sql<{ id: number }>`SELECT c.id ${matching} ${order}`)).filter((row) => searched.has(row.id));
        total = query.result === undefined ? kept.length : Math.min(kept.length, Number(query.result));
        const page = pageOf(query, total);
        ids = kept.slice(page.offset, page.offset + page.limit).map((row) => row.id);
      } else {
        const counted = await queries.one(sql<{ count: number }>`SELECT COUNT(*) AS count ${matching}`);
        const count = counted?.count ?? 0;
        // `result` asks for the most popular courses, at most that many; `limit` and `offset` page them.
        total = query.result === undefined ? count : Math.min(count, Number(query.result));
        const page = pageOf(query, total);
        ids = (await queries.all(sql<{ id: number }>`SELECT c.id ${matching} ${order} LIMIT ${page.limit} OFFSET ${page.offset}`)).map((row) => row.id);
      }
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
      // Extension: `draft` keeps it out of the catalogue until setCourseStatus publishes it.
      const status = body.status === 'draft' ? 'draft' : 'published';
      // Extension: the level and 'What you will learn' lines, checked before the image is kept.
      const level = courseLevel(body.level);
      const outcomes = courseOutcomes(body.outcomes);
      const featuredImg = await media.keep(image);
      const created = (await queries.one(
        sql<Pick<CourseRow, 'id'>>`INSERT INTO courses (category_id, teacher_id, title, description, languages, price, featured_img, created_at, status,
            level, outcomes)
          VALUES (${categoryId}, ${teacherId}, ${title}, ${text(body.description)}, ${text(body.languages)}, ${price(body.price)},
            ${featuredImg}, ${now()}, ${status}, ${level}, ${outcomes})
          RETURNING id`,
      )) as Pick<CourseRow, 'id'>;
      const course = await requireCourse(queries, created.id);
      return reply.code(201).send(await present.course(course, await viewerOf(context, request)));
    },

    async deleteCourse(request, reply) {
      const course = await ownedCourse(context, request, id(request.params.id));
      const chapters = await present.chapterRows(course.id);
      // Its chapters' exercises go with it (ON DELETE CASCADE), and their model recordings after them.
      const recordings = await queries.all(
        sql<{ audio: string }>`SELECT x.audio FROM exercises x JOIN chapters ch ON ch.id = x.chapter_id
          WHERE ch.course_id = ${course.id} AND x.audio IS NOT NULL`,
      );
      const tracks = await present.captionTracks(chapters.map((chapter) => chapter.id));
      await queries.run(sql`DELETE FROM courses WHERE id = ${course.id}`);
      await media.remove(course.featured_img);
      for (const chapter of chapters) {
        await media.remove(chapter.video);
        await media.remove(chapter.captions);
        for (const track of tracks.get(chapter.id) ?? []) await media.remove(track.url);
      }
      for (const { audio } of recordings) await media.remove(audio);
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
      // Extension: omitted, the level and the 'What you will learn' lines stay as they are.
      const level = body.level === undefined ? course.level : courseLevel(body.level);
      const outcomes = body.outcomes === undefined ? course.outcomes : courseOutcomes(body.outcomes);
      const image = file(body.featured_img);
      const featuredImg = image ? await media.keep(image) : course.featured_img;
      const description = optionalText(body.description) ?? course.description;
      const languages = optionalText(body.languages) ?? course.languages;
      const newPrice = body.price === undefined ? course.price : price(body.price);
      await queries.run(
        sql`UPDATE courses SET category_id = ${categoryId}, title = ${title}, description = ${description}, languages = ${languages},
            price = ${newPrice}, featured_img = ${featuredImg}, level = ${level}, outcomes = ${outcomes}
          WHERE id = ${course.id}`,
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
        const { chapters } = (await queries.one(
          sql<{ chapters: number }>`SELECT COUNT(*) AS chapters FROM chapters WHERE course_id = ${course.id}`,
        )) as { chapters: number };
        const missing = [chapters === 0 ? 'at least one chapter' : '', course.featured_img ? '' : 'a course image'].filter(
          Boolean,
        );
        if (missing.length > 0) throw badRequest(courseTexts.publishNeeds(missing));
      }
      if (course.status !== status) await queries.run(sql`UPDATE courses SET status = ${status} WHERE id = ${course.id}`);
      return present.course(await requireCourse(queries, course.id), await viewerOf(context, request));
    },

    async listTeacherCourses(request) {
      const teacherId = id(request.params.teacherId);
      await sessions.requireSelf(request, 'teacher', teacherId);
      const rows = await queries.all(sql<Pick<CourseRow, 'id'>>`SELECT id FROM courses WHERE teacher_id = ${teacherId} ORDER BY id`);
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
      // One rating per student and course: the unique pair decides, however many are sent at once.
      const rating = await queries.one(
        sql<RatingRow>`INSERT INTO ratings (course_id, student_id, rating, reviews, rated_at)
          VALUES (${course.id}, ${studentId}, ${Number(body.rating)}, ${text(body.reviews)}, ${now()})
          ON CONFLICT (course_id, student_id) DO NOTHING
          RETURNING *`,
      );
      if (rating === undefined) throw badRequest('You have already rated this course.');
      return reply.code(201).send(present.rating(rating));
    },

    /**
     * Extension: the course's ratings (count, average, stars) and a page of its written reviews,
     * newest first (ties by id, newest first), the first `reviewsPageSize` without `limit`.
     * Reviewers are named by first name and last initial only.
     */
    async listCourseReviews(request) {
      const course = await visibleCourse(queries, id(request.params.course_id), await viewerOf(context, request));
      const stars = await queries.all(
        sql<{ rating: number; count: number }>`SELECT rating, COUNT(*) AS count FROM ratings WHERE course_id = ${course.id} GROUP BY rating`,
      );
      const distribution: Record<'1' | '2' | '3' | '4' | '5', number> = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
      let ratings = 0;
      let sum = 0;
      for (const { rating, count } of stars) {
        distribution[String(rating) as keyof typeof distribution] = count;
        ratings += count;
        sum += rating * count;
      }
      const written = sql`r.course_id = ${course.id} AND trim(r.reviews) <> ''`;
      const { reviews_total: reviewsTotal } = (await queries.one(
        sql<{ reviews_total: number }>`SELECT COUNT(*) AS reviews_total FROM ratings r WHERE ${written}`,
      )) as { reviews_total: number };
      const limit = request.query.limit === undefined ? reviewsPageSize : Number(request.query.limit);
      const offset = request.query.offset === undefined ? 0 : Number(request.query.offset);
      const rows = await queries.all(
        sql<Pick<RatingRow, 'id' | 'rating' | 'reviews' | 'rated_at'> & { full_name: string }>`
          SELECT r.id, r.rating, r.reviews, r.rated_at, s.full_name
          FROM ratings r JOIN students s ON s.id = r.student_id
          WHERE ${written}
          ORDER BY r.rated_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`,
      );
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
