/**
 * Comparing a typed answer with a typed exercise's accepted variants, the rule the provider applies
 * too (issue 38): trim, collapse inner spaces, compare case-insensitively after Unicode NFC. Right
 * when equal to a variant; 'almost' when equal once the combining marks are removed (tone marks,
 * accents, the subdot: U+0300–U+036F after NFD) and ɛ ɔ are read as e o; wrong otherwise.
 */

export type Verdict = 'right' | 'almost' | 'wrong';

/** A run of the exact spelling, marked where it differs from what was typed. */
export interface SpellingPart {
  text: string;
  differs: boolean;
}

export interface AnswerCheck {
  verdict: Verdict;
  /** The exact spelling to show: the variant matched ('almost'), else the first one. */
  expected: string;
  /** `expected` in runs, the letters that differ from the answer marked ('almost' only; else one unmarked run). */
  parts: SpellingPart[];
}

/** Trim, collapse inner spaces, NFC. */
export function tidyAnswer(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

const combiningMark = /[\u0300-\u036f]/u;
const openVowels: Record<string, string> = { ɛ: 'e', ɔ: 'o', Ɛ: 'E', Ɔ: 'O' };

/**
 * The letters of a tidied text: each base character with the combining marks that follow it
 * (decomposed), so that 'ọ̀' is one letter.
 */
function lettersOf(text: string): string[] {
  const letters: string[] = [];
  for (const character of text.normalize('NFD')) {
    if (combiningMark.test(character) && letters.length > 0) letters[letters.length - 1] += character;
    else letters.push(character);
  }
  return letters;
}

/** A letter as compared exactly: NFC, lower case. */
const exact = (letter: string) => letter.normalize('NFC').toLowerCase();
/** A letter without its marks, ɛ ɔ read as e o, lower case. */
const bare = (letter: string) => {
  const base = letter.normalize('NFD').replace(/[\u0300-\u036f]/gu, '');
  return (openVowels[base] ?? base).toLowerCase();
};

function plain(expected: string): AnswerCheck['parts'] {
  return [{ text: expected, differs: false }];
}

/**
 * The exact spelling of `variant` in runs, those letters marked that differ from `answer`'s; null
 * when the two differ by more than marks and ɛ ɔ.
 */
function markedDifferences(variant: string, answer: string): SpellingPart[] | null {
  const wanted = lettersOf(variant);
  const given = lettersOf(answer);
  if (wanted.length !== given.length) return null;
  if (wanted.some((letter, index) => bare(letter) !== bare(given[index]!))) return null;
  const parts: SpellingPart[] = [];
  wanted.forEach((letter, index) => {
    const differs = exact(letter) !== exact(given[index]!);
    const text = letter.normalize('NFC');
    const last = parts[parts.length - 1];
    if (last !== undefined && last.differs === differs) last.text += text;
    else parts.push({ text, differs });
  });
  return parts;
}

/** Checks a typed answer against the accepted variants (the first is the exact spelling shown). */
export function checkTypedAnswer(answer: string, variants: readonly string[]): AnswerCheck {
  const tidyVariants = variants.map(tidyAnswer).filter((variant) => variant !== '');
  const first = tidyVariants[0] ?? '';
  const given = tidyAnswer(answer);
  const folded = given.toLowerCase();
  if (given !== '' && tidyVariants.some((variant) => variant.toLowerCase() === folded)) return { verdict: 'right', expected: first, parts: plain(first) };
  if (given !== '') {
    for (const variant of tidyVariants) {
      const parts = markedDifferences(variant, given);
      if (parts !== null) return { verdict: 'almost', expected: variant, parts };
    }
  }
  return { verdict: 'wrong', expected: first, parts: plain(first) };
}
