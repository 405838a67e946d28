/** The texts of saving chapters for offline (issue 25): the course page's controls (SaveForOffline) and the student area's list (SavedChaptersSection). */

import { formatterOnFirstUse } from '@/components/plainFormat';

const MB = 1_000_000;
const GB = 1_000_000_000;
/** Made on first use: making it as the offline module loads would load the locale's data on every page. */
const oneDecimal = formatterOnFirstUse(() => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }));

/** Bytes as a phone shows them: '12.4 MB', '1.2 GB' (decimal units), '0.1 MB' at least for anything stored. */
export function formatBytes(bytes: number): string {
  if (bytes >= GB) return `${oneDecimal().format(bytes / GB)} GB`;
  if (bytes > 0 && bytes < 0.1 * MB) return '0.1 MB';
  return `${oneDecimal().format(bytes / MB)} MB`;
}

export const savedChaptersMessages = {
  save: 'Save for offline',
  /** The buttons' names in a chapter's row: the visible words first (WCAG 2.5.3), then the chapter. */
  saveNamed: (chapter: string) => `Save for offline: ${chapter}`,
  checking: 'Checking the size…',
  size: (bytes: number, withCaptions: boolean) => `${withCaptions ? 'Video and captions' : 'Video'}: ${formatBytes(bytes)}.`,
  sizeUnknown: 'The size of this chapter is not known.',
  free: (bytes: number) => `${formatBytes(bytes)} free on this device.`,
  download: 'Download',
  downloadNamed: (chapter: string) => `Download for offline: ${chapter}`,
  notNow: 'Not now',
  notNowNamed: (chapter: string) => `Not now: ${chapter}`,
  progressLabel: (chapter: string) => `Saving ${chapter} for offline`,
  progressOf: (percent: number, received: number, total: number) => `${percent}% · ${formatBytes(received)} of ${formatBytes(total)}`,
  progressUnknown: (received: number) => `${formatBytes(received)} received`,
  cancel: 'Cancel',
  cancelNamed: (chapter: string) => `Cancel saving: ${chapter}`,
  saved: 'Saved for offline',
  remove: 'Remove',
  removeNamed: (chapter: string) => `Remove offline copy: ${chapter}`,

  noSpace: (needed: number, free: number) => `Not enough space on this device: this chapter needs ${formatBytes(needed)} and only ${formatBytes(free)} is free.`,
  noSpaceUnknownSize: (free: number) => `Not enough space on this device: only ${formatBytes(free)} is free.`,
  unsupported: 'This browser keeps no offline copies (a private window does not, for one), so the chapter cannot be saved.',
  failed: 'The download failed. Check your connection and try again.',
  removeFailed: 'The offline copy could not be removed. Please try again.',

  // Said in the page's polite live region.
  announceStart: (chapter: string) => `Saving ${chapter} for offline.`,
  announceProgress: (chapter: string, percent: number) => `Saving ${chapter}: ${percent}%.`,
  announceSaved: (chapter: string) => `${chapter} is saved for offline.`,
  announceCancelled: (chapter: string) => `Saving ${chapter} was cancelled; nothing was kept.`,
  announceRemoved: (chapter: string) => `The offline copy of ${chapter} was removed.`,

  // The student area's list.
  sectionTitle: 'Saved for offline',
  // The how-to is in the intro, which the server renders: the empty state, known only once the
  // device's cache has answered, stays short (it would otherwise be the page's largest text, painted last).
  sectionIntro: "Chapters kept on this device, to watch without a connection. On a course page, choose 'Save for offline' beside a chapter to keep it here.",
  listLabel: 'Chapters saved for offline',
  spaceUsed: (bytes: number) => `Space used: ${formatBytes(bytes)}`,
  savedOn: (day: string) => `Saved on ${day}`,
  empty: 'No chapters saved yet.',
  sectionUnsupported: 'This browser keeps no offline copies, so no chapters can be saved here.',
} as const;
