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
  /** Each word once. */
  words: string[];
}

export function searchableText(text: string): SearchableText {
  const folded = foldForSearch(text);
  return { folded, words: [...new Set(wordsOf(folded))] };
}

/**
 * Whether `a` and the first `bLength` characters of `b` are equal or one typo apart: one letter
 * inserted, left out, changed, or two neighbours swapped. Compared by UTF-16 unit, without copying
 * (the provider runs it over every word of the catalogue).
 */
function nearPrefix(a: string, b: string, bLength: number): boolean {
  const aLength = a.length;
  if (aLength - bLength > 1 || bLength - aLength > 1) return false;
  let start = 0;
  while (start < aLength && start < bLength && a.charCodeAt(start) === b.charCodeAt(start)) start += 1;
  if (start === aLength && start === bLength) return true;
  // After the first difference: skip one letter of the longer (left out, added), of both (changed), or two swapped.
  let fromA = start + 1;
  let fromB = start + 1;
  if (aLength > bLength) fromB = start;
  else if (aLength < bLength) fromA = start;
  else if (a.charCodeAt(start) === b.charCodeAt(start + 1) && a.charCodeAt(start + 1) === b.charCodeAt(start)) {
    if (a.startsWith(b.slice(start + 2, bLength), start + 2)) return true;
  }
  while (fromA < aLength) {
    if (a.charCodeAt(fromA) !== b.charCodeAt(fromB)) return false;
    fromA += 1;
    fromB += 1;
  }
  return true;
}

/** Whether `a` and `b` are equal or one typo apart: one letter inserted, left out, changed, or two neighbours swapped. */
export const withinOneTypo = (a: string, b: string): boolean => nearPrefix(a, b, b.length);

/** Whether the search word is one typo from a word of the text or from its beginning (as 'beginer' from 'beginners'). */
function nearWord(word: string, words: readonly string[]): boolean {
  return words.some((candidate) => {
    for (let length = Math.max(1, word.length - 1); length <= Math.min(word.length + 1, candidate.length); length += 1) {
      if (nearPrefix(word, candidate, length)) return true;
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
    return word.length >= TYPO_FORGIVEN_FROM && nearWord(word, target.words);
  });
}
