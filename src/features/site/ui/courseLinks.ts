import { paths } from '@/config/paths';

/** The names of the course list's filters in the /all-courses address. */
export const courseFilterParams = {
  search: 'search',
  language: 'language',
  category: 'category',
  free: 'free',
  level: 'level',
  sort: 'sort',
} as const;

/** The /all-courses address showing the courses of one language. */
export function coursesInLanguage(language: string): string {
  return `${paths.allCourses}?${new URLSearchParams({ [courseFilterParams.language]: language })}`;
}

/** A category title as it appears in /category/{slug}: 'Pidgin English' -> 'pidgin-english'. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
