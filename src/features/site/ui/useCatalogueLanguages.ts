import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetCatalogueCountsQuery, useListCoursesQuery } from '@/api';
import { alphabetical } from '@/components/plainFormat';

/** The names of a course's free-text `languages` ("Spanish, English"), trimmed, as catalogue-counts/ counts them. */
function namesOf(languages: string | undefined): string[] {
  return (languages ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** The names once each (the first spelling met), case ignored, in alphabetical order. */
function distinctNames(names: Iterable<string>): string[] {
  const byKey = new Map<string, string>();
  for (const name of names) if (!byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
  return [...byKey.values()].sort(alphabetical);
}

/**
 * The languages the catalogue's courses are in: the options of the course list's language filter,
 * so that it offers no language no course has. From the provider's catalogue counts (an extension,
 * one small answer); a provider without them (404, the original backend) has its whole course list
 * read instead, which such a provider sends for any list call anyway. `languages` is undefined while
 * unknown.
 */
export function useCatalogueLanguages() {
  const counts = useGetCatalogueCountsQuery();
  const courses = useListCoursesQuery(counts.isError ? {} : skipToken);
  const languages = counts.currentData
    ? distinctNames(counts.currentData.languages.filter((entry) => entry.courses > 0).map((entry) => entry.language))
    : courses.currentData
      ? distinctNames(courses.currentData.items.flatMap((course) => namesOf(course.languages)))
      : undefined;
  return {
    languages,
    isError: counts.isError && courses.isError,
    refetch: () => {
      void counts.refetch();
      if (counts.isError) void courses.refetch();
    },
  };
}
