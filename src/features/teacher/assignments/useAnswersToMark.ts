import { skipToken } from '@reduxjs/toolkit/query/react';
import { isUnsupported, useListTeacherAnswersQuery } from '@/api';

/** The page of answers the Answers screen opens on (its To mark tab's first page), shared with the count. */
export const ANSWERS_PAGE_SIZE = 20;

/**
 * How many answers wait for the teacher's feedback (extension `listTeacherAnswers`, its
 * X-Total-Count), read with the same call as the first page of Answers' To mark tab, so both stay
 * fresh when feedback is given. `supported` is false on a provider without it (404 or 405): the
 * screens then leave Answers out. `count` is null until known.
 */
export function useAnswersToMark(teacherId: number | null): { supported: boolean; count: number | null } {
  const { data, error } = useListTeacherAnswersQuery(
    teacherId === null ? skipToken : { teacherId, status: 'unmarked', limit: ANSWERS_PAGE_SIZE, offset: 0 },
  );
  if (error !== undefined && isUnsupported(error)) return { supported: false, count: null };
  return { supported: true, count: data?.total ?? null };
}
