import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetCourseQuery } from '@/api';
import { courseLangProps } from '@/components/courseLanguage';

/**
 * `{ lang }` for a course's title where the row in hand does not carry the course's `languages`
 * (enrolment records, My Teachers' course lists): read from the course itself (the course page's
 * read, so usually cached, and shared by every row naming that course). `known` languages, when
 * the row has them, are used without a request. Nothing while unknown.
 */
export function useCourseLang(courseId: number, known?: string | null): { lang?: string } {
  const { languages } = useGetCourseQuery(known !== undefined ? skipToken : { courseId }, {
    selectFromResult: ({ data }) => ({ languages: data?.languages }),
  });
  return courseLangProps(known !== undefined ? known : languages);
}
