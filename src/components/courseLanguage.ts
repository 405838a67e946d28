/**
 * The academy's languages as BCP 47 tags, with their English names: the tags a course's texts and
 * a message may carry (`lang`), so that screen readers speak them in their own voice (WCAG 3.1.2).
 * api-spec.yaml's `MessageForm.lang` allows exactly these.
 */
export const academyLanguages = [
  { tag: 'en', name: 'English' },
  { tag: 'es', name: 'Spanish' },
  { tag: 'fr', name: 'French' },
  { tag: 'de', name: 'German' },
  { tag: 'yo', name: 'Yoruba' },
  { tag: 'pcm', name: 'Pidgin' },
  { tag: 'ak', name: 'Akan' },
] as const;

export type LanguageTag = (typeof academyLanguages)[number]['tag'];

const tagByName = new Map<string, LanguageTag>(academyLanguages.map(({ tag, name }) => [name.toLowerCase(), tag]));
/** Other names the courses' free text uses for the same languages. */
tagByName.set('twi', 'ak');
tagByName.set('español', 'es');
tagByName.set('français', 'fr');
tagByName.set('deutsch', 'de');

/** Whether `value` is one of the academy's language tags. */
export function isLanguageTag(value: unknown): value is LanguageTag {
  return typeof value === 'string' && academyLanguages.some(({ tag }) => tag === value);
}

/**
 * The BCP 47 tag of a course's language, from its free-text `languages` ("Spanish, English"): the
 * first language named (a mixed-language course is taught in its first), undefined when that one
 * is none of the academy's, or when there is no text.
 */
export function courseLanguage(languages: string | null | undefined): LanguageTag | undefined {
  const first = languages?.split(/[,;/&+]|\band\b/i)[0]?.trim().toLowerCase();
  if (!first) return undefined;
  const whole = tagByName.get(first);
  if (whole) return whole;
  // "Nigerian Pidgin", "Pidgin English", "Akan (Twi)": the first word that names a language.
  for (const word of first.split(/[\s()]+/)) {
    const tag = tagByName.get(word);
    if (tag) return tag;
  }
  return undefined;
}

/** `{ lang }` for the element holding a course's own text (title, description, chapters); nothing when unknown. */
export function courseLangProps(languages: string | null | undefined): { lang?: LanguageTag } {
  const lang = courseLanguage(languages);
  return lang === undefined ? {} : { lang };
}
