/** One caption cue of a WebVTT file: its start and end in seconds and its text (tags removed, lines kept). */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

const TIMING = /^((?:\d+:)?\d{2}:\d{2}\.\d{3})\s+-->\s+((?:\d+:)?\d{2}:\d{2}\.\d{3})(?:\s|$)/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: '\u00a0', lrm: '\u200e', rlm: '\u200f', quot: '"', apos: "'" };

function seconds(stamp: string): number {
  const parts = stamp.split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

function plainText(lines: readonly string[]): string {
  return lines
    .join('\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm|quot|apos);/g, (_entity, name: string) => ENTITIES[name] ?? '')
    .trim();
}

/**
 * The cues of a WebVTT file, in the file's order; none when it does not start with `WEBVTT`.
 * Enough of the format for captions (the WebVTT spec's parsing, without regions, styles or
 * positions): blocks split by blank lines, an optional cue id, the timing line, the text with its
 * tags removed and the common character references decoded. NOTE, STYLE and REGION blocks and cues
 * with a bad timing line are skipped.
 */
export function parseWebVtt(source: string): Cue[] {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t\n]|$)/.test(text)) return [];
  const cues: Cue[] = [];
  // The first block is the header.
  for (const block of text.split(/\n{2,}/).slice(1)) {
    const lines = block.split('\n');
    const timingIndex = lines.findIndex((line) => line.includes('-->'));
    if (timingIndex < 0 || timingIndex > 1) continue;
    const match = TIMING.exec(lines[timingIndex]!.trim());
    if (!match) continue;
    const start = seconds(match[1]!);
    const end = seconds(match[2]!);
    const cueText = plainText(lines.slice(timingIndex + 1));
    if (end > start && cueText) cues.push({ start, end, text: cueText });
  }
  return cues;
}

/** The cue being shown at `time`, else the last one begun before it (the sentence just heard); -1 before the first. */
export function cueIndexAt(cues: readonly Cue[], time: number): number {
  let found = -1;
  for (const [index, cue] of cues.entries()) {
    if (cue.start > time) break;
    found = index;
  }
  return found;
}

/** The cue shown at `time` (start inclusive, end exclusive), -1 when none is. */
export function cueShownAt(cues: readonly Cue[], time: number): number {
  return cues.findIndex((cue) => cue.start <= time && time < cue.end);
}
