/**
 * The course search's rule, one pure module for both sides: the provider matches with it over its
 * cached catalogue (provider/src/routes/courses.ts) and the browser with it when a provider ignores
 * `search` (api/listing.ts), so a list the provider filtered is never cut again by the browser.
 * api-spec.yaml states the rule (`listCourses` `search`); docs/decisions/0035-forgiving-search.md why.
 */

/** A search word this long or longer is forgiven one typo. */
export const TYPO_FORGIVEN_FROM = 5;

/** Accents, tone marks and case dropped (NFD without combining marks, lower case; Akan ɛ ɔ read as e o). */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ɛ/gu, 'e')
    .replace(/ɔ/gu, 'o');
}

/** The words of a folded text: its runs of letters and digits. */
const wordsOf = (folded: string): string[] => folded.match(/[\p{L}\p{N}]+/gu) ?? [];

/** A text made ready to be searched many times: folded once, its words listed once. */
export interface SearchableText {
  folded: string;
  /** Each word once, as arrays of characters (code points). */
  words: string[][];
}

export function searchableText(text: string): SearchableText {
  const folded = foldForSearch(text);
  return { folded, words: [...new Set(wordsOf(folded))].map((word) => [...word]) };
}

/** Whether `a` and `b` are equal or one typo apart: one letter inserted, left out, changed, or two neighbours swapped. */
export function withinOneTypo(a: readonly string[], b: readonly string[]): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  if (start === a.length && start === b.length) return true;
  const restEqual = (fromA: number, fromB: number) => {
    if (a.length - fromA !== b.length - fromB) return false;
    for (let offset = 0; fromA + offset < a.length; offset += 1) if (a[fromA + offset] !== b[fromB + offset]) return false;
    return true;
  };
  if (a.length === b.length) {
    return restEqual(start + 1, start + 1) || (a[start] === b[start + 1] && a[start + 1] === b[start] && restEqual(start + 2, start + 2));
  }
  return a.length > b.length ? restEqual(start + 1, start) : restEqual(start, start + 1);
}

/** Whether the search word is one typo from a word of the text or from its beginning (as 'beginer' from 'beginners'). */
function nearWord(word: readonly string[], words: readonly (readonly string[])[]): boolean {
  return words.some((candidate) => {
    for (let length = word.length - 1; length <= word.length + 1; length += 1) {
      if (length === candidate.length) return withinOneTypo(word, candidate);
      if (length < candidate.length && withinOneTypo(word, candidate.slice(0, length))) return true;
    }
    return false;
  });
}

/**
 * Whether a text matches a search: each word of the search is in the text (a part of it, accents and
 * case aside: 'cafe' finds 'Café', 'span' finds 'Spanish'), or, for a word of five letters or more,
 * one typo from a word of the text or its beginning ('spansh' finds 'Spanish'). A search with no
 * letters or digits is looked for as it is. An empty search matches everything.
 */
export function matchesSearch(search: string, text: string | SearchableText): boolean {
  const target = typeof text === 'string' ? searchableText(text) : text;
  const folded = foldForSearch(search).trim();
  const words = wordsOf(folded);
  if (words.length === 0) return target.folded.includes(folded);
  return words.every((word) => {
    if (target.folded.includes(word)) return true;
    const letters = [...word];
    return letters.length >= TYPO_FORGIVEN_FROM && nearWord(letters, target.words);
  });
}
