import { sql } from 'kysely';
import { CatalogueCache } from '../catalogueCache';
import { type ProviderContext, viewerOf } from '../context';
import { recommend } from '../recommendations';
import { type Handlers } from '../router';
import { id } from './values';

/** Recommended Courses (extension): ranked from the catalogue cache, in one pass and no course query. */
export function recommendationHandlers(context: ProviderContext): Handlers {
  const { queries, sessions, present, catalogue } = context;

  return {
    /**
     * Up to `limit` courses of the student's interests that they have not joined (published ones
     * only: the catalogue holds no drafts), or the popular fallback, with the kind and the
     * interests; the courses as `listCourses` presents them. Only the student themself.
     */
    async listRecommendedCourses(request, reply) {
      const studentId = id(request.params.student_id);
      await sessions.requireSelf(request, 'student', studentId);
      const student = await queries.one(sql<{ interested_categories: string }>`SELECT interested_categories FROM students WHERE id = ${studentId}`);
      const enrolments = await queries.all(sql<{ course_id: number }>`SELECT course_id FROM enrollments WHERE student_id = ${studentId}`);
      const snapshot = await catalogue.current();
      const recommendation = recommend(CatalogueCache.rankFacts(snapshot), {
        interestText: student?.interested_categories ?? null,
        enrolled: new Set(enrolments.map((enrolment) => enrolment.course_id)),
        limit: Number(request.query.limit ?? 12),
      });
      const courses = CatalogueCache.listJson(snapshot, recommendation.ids, await present.watchableCourseIds(await viewerOf(context, request)));
      reply.type('application/json; charset=utf-8');
      return `{"kind":${JSON.stringify(recommendation.kind)},"interests":${JSON.stringify(recommendation.interests)},"courses":${courses}}`;
    },
  };
}
