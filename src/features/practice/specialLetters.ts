import type { LanguageTag } from '@/components/courseLanguage';

/**
 * A key of the special-letters row: a letter inserted at the cursor, or a tone mark put on the
 * letter before the cursor (replacing the tone it had: one tone a vowel).
 */
export type SpecialKey = { kind: 'letter'; text: string } | { kind: 'tone'; mark: string; name: string; sample: string };

const letters = (text: string): SpecialKey[] => Array.from(text, (letter) => ({ kind: 'letter', text: letter }));

/** Yoruba's three tones as combining marks: low (grave), high (acute), mid (macron). */
const yorubaTones: SpecialKey[] = [
  { kind: 'tone', mark: '\u0300', name: 'low', sample: 'à' },
  { kind: 'tone', mark: '\u0301', name: 'high', sample: 'á' },
  { kind: 'tone', mark: '\u0304', name: 'mid', sample: 'ā' },
];

/**
 * The letters a phone keyboard set to English does not type, per course language. Yoruba gets its
 * subdotted letters and the tones as marks on any vowel (ẹ̀, ọ́, ń: far fewer keys than every
 * precomposed vowel); English and Pidgin need none.
 */
const keysByLanguage: Partial<Record<LanguageTag, SpecialKey[]>> = {
  yo: [...letters('ẹọṣ'), ...yorubaTones],
  ak: letters('ɛɔ'),
  es: letters('áéíóúñü¿¡'),
  fr: letters('éèêàâçîïôûùëœ'),
  de: letters('äöüß'),
};

/** The special keys of a course language (none when it needs none, or is unknown). */
export function specialKeysOf(language: LanguageTag | undefined): SpecialKey[] {
  return language === undefined ? [] : (keysByLanguage[language] ?? []);
}

const toneMarks = /[\u0300\u0301\u0304]/gu;

export interface Edit {
  value: string;
  /** Where the cursor goes after the edit. */
  cursor: number;
}

/**
 * `value` with `key` applied to the selection from `start` to `end`: a letter replaces the
 * selection; a tone goes on the letter just before the cursor (after removing the tone it had), and
 * does nothing when there is no letter there.
 */
export function applySpecialKey(value: string, start: number, end: number, key: SpecialKey): Edit {
  const before = value.slice(0, start);
  const after = value.slice(end);
  if (key.kind === 'letter') return { value: before + key.text + after, cursor: before.length + key.text.length };
  const decomposed = Array.from(before.normalize('NFD'));
  let baseIndex = decomposed.length - 1;
  while (baseIndex >= 0 && /\p{M}/u.test(decomposed[baseIndex]!)) baseIndex -= 1;
  if (baseIndex < 0 || !/\p{L}/u.test(decomposed[baseIndex]!)) return { value, cursor: end };
  const letter = decomposed.slice(baseIndex).join('').replace(toneMarks, '') + key.mark;
  const changed = (decomposed.slice(0, baseIndex).join('') + letter).normalize('NFC');
  return { value: changed + after, cursor: changed.length };
}
