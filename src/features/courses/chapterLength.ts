/** A length the provider knows: a finite number of seconds, not negative. */
function knownSeconds(seconds: number | null | undefined): seconds is number {
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0;
}

/** A chapter's length: '0:45' under a minute, else whole minutes ('4 min'); null when unknown. */
export function chapterLength(seconds: number | null | undefined): string | null {
  if (!knownSeconds(seconds)) return null;
  const whole = Math.round(seconds);
  if (whole < 60) return `0:${String(whole).padStart(2, '0')}`;
  return `${Math.round(whole / 60)} min`;
}

/**
 * A course's length, the sum of its chapters' ('1 h 5 min', '25 min', '0:45'), or null when a
 * chapter's length is unknown (a total that leaves some out would mislead) or there are none.
 */
export function courseLength(durations: readonly (number | null | undefined)[]): string | null {
  if (durations.length === 0 || !durations.every(knownSeconds)) return null;
  const total = Math.round(durations.reduce<number>((sum, seconds) => sum + (seconds ?? 0), 0));
  if (total < 60) return chapterLength(total);
  const minutes = Math.round(total / 60);
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return `${minutes} min`;
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}
