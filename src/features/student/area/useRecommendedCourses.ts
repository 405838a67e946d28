import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useMemo, useState } from 'react';
import {
  type Course,
  isUnsupported,
  type Paged,
  type RecommendedCourses,
  useFetchEnrolledCoursesQuery,
  useGetStudentQuery,
  useLazyListCoursesQuery,
  useListCategoriesQuery,
  useListRecommendedCoursesQuery,
} from '@/api';
import { useAppSelector } from '@/app/hooks';
import { selectStudentId } from '@/features/session/sessionSlices';
import { noRanking, type Ranking, type RankingInput, rankCourses, type Recommendation, recommendationOf } from './recommendCourses';

/** How many courses of the catalogue the browser ranks at a time when the provider does not recommend. */
export const CATALOGUE_PAGE_SIZE = 100;

export interface Recommendations {
  /** Undefined while loading (and after a failure). */
  recommendation: Recommendation | undefined;
  /** The failure to show with a Retry; undefined when there is none. */
  error: unknown;
  /** Reads again what failed. */
  retry: () => void;
}

function recommendationFrom({ kind, interests, courses }: RecommendedCourses): Recommendation {
  return kind === 'popular' ? { kind, interests: [], courses } : { kind, interests, courses };
}

/**
 * The logged-in student's recommended courses: ranked by the provider (`listRecommendedCourses`,
 * an extension: one call of at most 12 courses). On a provider without it (404 or 405) the browser
 * ranks them as the provider would (`recommendCourses`), from the student, their enrolments and
 * the catalogue read one page of CATALOGUE_PAGE_SIZE courses at a time (`listCourses` with `limit`
 * and `offset`), keeping only the best so far, until the pages cover the catalogue's total; a
 * provider that ignores `limit` sends the whole catalogue in the first call, which ends it. Any
 * other failure is an error to retry.
 */
export function useRecommendedCourses(): Recommendations {
  const studentId = useAppSelector(selectStudentId);
  const extension = useListRecommendedCoursesQuery(studentId === null ? skipToken : { studentId });
  // The error stays while a refetch is under way: the fallback does not start over meanwhile.
  const unsupported = extension.data === undefined && extension.error !== undefined && isUnsupported(extension.error);
  const ranked = useRankedInBrowser(unsupported ? studentId : null);
  if (unsupported) return ranked;
  return {
    recommendation: extension.data && recommendationFrom(extension.data),
    error: extension.data === undefined && extension.isError ? extension.error : undefined,
    retry: () => void extension.refetch(),
  };
}

/** The recommendation ranked in the browser (`studentId` null: nothing is read). */
function useRankedInBrowser(studentId: number | null): Recommendations {
  const arg = studentId === null ? skipToken : { studentId };
  const student = useGetStudentQuery(arg);
  const enrolled = useFetchEnrolledCoursesQuery(arg);
  // Only names the categories of providers that send a bare category id: a failure leaves them unnamed.
  const categories = useListCategoriesQuery(studentId === null ? skipToken : undefined);
  const categoriesSettled = !categories.isLoading;
  const input = useMemo<RankingInput | null>(
    () =>
      student.data && enrolled.data && categoriesSettled
        ? {
            interests: student.data.interested_categories,
            enrolledCourseIds: enrolled.data.flatMap((row) => (row.course ? [row.course.id] : [])),
            categories: categories.data,
          }
        : null,
    [student.data, enrolled.data, categoriesSettled, categories.data],
  );
  const catalogue = useCatalogueRanking(input);

  const reads = [student, enrolled];
  const failed = reads.find((read) => read.data === undefined && read.isError);
  return {
    recommendation: input && catalogue.ranking ? recommendationOf(catalogue.ranking, input.interests) : undefined,
    error: failed ? failed.error : catalogue.error,
    retry: () => {
      for (const read of reads) if (read.isError) void read.refetch();
      if (catalogue.error !== undefined) catalogue.retry();
    },
  };
}

interface Outcome {
  input: RankingInput;
  attempt: number;
  ranking?: Ranking;
  error?: unknown;
}

/** The catalogue ranked for `input`, page by page (nothing while `input` is null). */
function useCatalogueRanking(input: RankingInput | null): { ranking: Ranking | undefined; error: unknown; retry: () => void } {
  const [readPage] = useLazyListCoursesQuery();
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    if (input === null) return undefined;
    let wanted = true;
    rankCatalogue((page) => readPage(page, true).unwrap(), input).then(
      (ranking) => wanted && setOutcome({ input, attempt, ranking }),
      (error: unknown) => wanted && setOutcome({ input, attempt, error }),
    );
    return () => {
      wanted = false;
    };
  }, [readPage, input, attempt]);
  // Only the outcome of the current input and attempt counts: before it comes, this is loading.
  const current = outcome !== null && outcome.input === input && outcome.attempt === attempt ? outcome : null;
  return { ranking: current?.ranking, error: current?.error, retry: () => setAttempt((count) => count + 1) };
}

/** Ranks the catalogue page by page, keeping the best so far, until the pages cover its total (or the provider sent it whole). */
async function rankCatalogue(readPage: (page: { limit: number; offset: number }) => Promise<Paged<Course>>, input: RankingInput): Promise<Ranking> {
  let kept = noRanking;
  let offset = 0;
  for (;;) {
    const page = await readPage({ limit: CATALOGUE_PAGE_SIZE, offset });
    kept = rankCourses(page.all ?? page.items, input, kept);
    offset += page.items.length;
    if (page.all !== undefined || page.items.length === 0 || offset >= page.total) return kept;
  }
}
