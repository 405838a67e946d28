import { useDeferredValue } from 'react';
import { useGetCatalogueCountsQuery } from '@/api';

/**
 * The catalogue's figures from the provider (`getCatalogueCounts`, an extension), undefined while
 * they load, when the call fails, and on a provider without the operation: the home page then
 * shows no figure rather than a made-up one. The strip and the language tiles share one request.
 */
export function useCatalogueCounts() {
  // Only the figures: the read's start (pending) does not render the strip and the tiles again.
  const { currentData } = useGetCatalogueCountsQuery(undefined, { selectFromResult: ({ currentData }) => ({ currentData }) });
  // Deferred: once a part of the prerendered page has hydrated (with no figures, as its HTML), the
  // store's figures replace them in a synchronous render, which for the eight language tiles was
  // one task of about 200 ms at 4× CPU; they now arrive in a background render, in slices.
  return useDeferredValue(currentData);
}

/** How many courses are taught in `language` (its name compared without regard to case), from the figures. */
export function coursesInLanguageCount(counts: { languages: { language: string; courses: number }[] }, language: string): number {
  const wanted = language.toLowerCase();
  return counts.languages.filter((entry) => entry.language.toLowerCase() === wanted).reduce((sum, entry) => sum + entry.courses, 0);
}
