/**
 * How a typed answer is compared with the accepted ones: one pure module for both sides, so the
 * browser's verdict (at once, offline too) and the provider's (for the record,
 * provider/src/routes/practice.ts) always agree. api-spec.yaml states the rule (`answerExercise`).
 */

export type AnswerResult = 'right' | 'almost' | 'wrong';

export interface AnswerVerdict {
  result: AnswerResult;
  /** The exact spelling: the first accepted answer. */
  expected: string;
  /** For 'almost': the indexes in `letters(expected)` of the letters whose marks differ; else empty. */
  marks: number[];
}

/** Trimmed, inner white space collapsed to one space, in Unicode NFC: how an accepted answer is kept. */
export function tidyAnswer(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/** The form two answers are compared in: tidy and lower-case (NFC again, as lower-casing may decompose). */
export function comparableAnswer(text: string): string {
  return tidyAnswer(text).toLowerCase().normalize('NFC');
}

/** The letters of a text: each base character with the combining marks after it (tone marks, the subdot). */
export function letters(text: string): string[] {
  return text.normalize('NFC').match(/\P{M}\p{M}*/gu) ?? [];
}

/** A letter without its marks (NFD, U+0300–U+036F removed), with Akan ɛ ɔ read as e o. */
function bareLetter(letter: string): string {
  return letter
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '')
    .replace(/ɛ/gu, 'e')
    .replace(/ɔ/gu, 'o');
}

const bare = (text: string) => letters(comparableAnswer(text)).map(bareLetter).join('');

/**
 * Compares a typed answer with the accepted ones (the first is the exact spelling): 'right' when
 * equal to any of them (case, surrounding and repeated spaces aside); 'almost' when equal once tone
 * marks, accents and subdots are removed (ẹ ọ ṣ ɛ ɔ read as e o s e o), with the letters of the
 * exact spelling that differ; else 'wrong'.
 */
export function checkTypedAnswer(answer: string, accepted: readonly string[]): AnswerVerdict {
  const expected = accepted[0] ?? '';
  const typed = comparableAnswer(answer);
  if (accepted.some((variant) => comparableAnswer(variant) === typed)) return { result: 'right', expected, marks: [] };
  const typedBare = bare(answer);
  if (typed !== '' && accepted.some((variant) => bare(variant) === typedBare)) {
    return { result: 'almost', expected, marks: differingLetters(expected, answer) };
  }
  return { result: 'wrong', expected, marks: [] };
}

/** The indexes of the letters of `expected` that differ from the answer's (both the same once bare). */
function differingLetters(expected: string, answer: string): number[] {
  const shown = letters(tidyAnswer(expected));
  const typed = letters(comparableAnswer(answer));
  if (shown.map((letter) => bareLetter(letter.toLowerCase())).join('') !== typed.map(bareLetter).join('')) {
    // The answer matched another accepted spelling: nothing lines up with the exact one to mark.
    return [];
  }
  return shown.flatMap((letter, index) => (letter.toLowerCase().normalize('NFC') === typed[index] ? [] : [index]));
}
