import type { CourseProgress } from '@/api';
import { formatterOnFirstUse } from '@/components/plainFormat';

/** A course the student has finished: when, and the certificate's code when the provider issued one. */
export interface CourseFinish {
  /** When the last chapter was watched (ISO date-time). */
  finishedAt: string;
  certificate: string | null;
}

/**
 * Whether `progress` says the student finished the course. A provider that tells
 * (`completed_at`, an extension) is believed; on one that does not, a course is finished when it
 * has chapters and every one is watched, on the date of the last save (and with no certificate:
 * such a provider issues none, so there is nothing to link to).
 */
export function courseFinish(progress: CourseProgress | undefined): CourseFinish | null {
  if (progress === undefined) return null;
  const certificate = progress.certificate ?? null;
  if (progress.completed_at !== undefined) return progress.completed_at === null ? null : { finishedAt: progress.completed_at, certificate };
  const allWatched = progress.chapters_total > 0 && progress.chapters_watched >= progress.chapters_total;
  return allWatched && progress.updated_at !== null ? { finishedAt: progress.updated_at, certificate } : null;
}

/** A date as the player and the certificate write it: '24 November 2026'. */
const dateFormat = formatterOnFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }));

/** `iso` as '24 November 2026' (in the reader's time zone). */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat().format(date);
}
