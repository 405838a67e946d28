/** A length the provider knows: a finite number of seconds, not negative. */
function knownSeconds(seconds: number | null | undefined): seconds is number {
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0;
}

/**
 * A length in words a learner reads at a glance (issue 39): seconds under a minute ('8 s'), else
 * whole minutes ('12 min'), from an hour hours and minutes ('1 h 5 min', '2 h'). Never '0:08',
 * which reads as eight minutes.
 */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const minutes = Math.round(whole / 60);
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return `${minutes} min`;
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** A chapter's length ('45 s', '4 min', '1 h 5 min'); null when unknown. */
export function chapterLength(seconds: number | null | undefined): string | null {
  return knownSeconds(seconds) ? formatDuration(seconds) : null;
}

/**
 * A course's length, the sum of its chapters' ('1 h 5 min', '25 min', '45 s'), or null when a
 * chapter's length is unknown (a total that leaves some out would mislead) or there are none.
 */
export function courseLength(durations: readonly (number | null | undefined)[]): string | null {
  if (durations.length === 0 || !durations.every(knownSeconds)) return null;
  return formatDuration(durations.reduce<number>((sum, seconds) => sum + (seconds ?? 0), 0));
}
