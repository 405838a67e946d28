/** What a file field accepts: media types and the largest size in bytes (as api-spec.yaml states them). */
export interface FileRules {
  readonly types: readonly string[];
  readonly maxBytes: number;
}

export type FileKind = 'image' | 'video' | 'captions';

const typeNames: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/svg+xml': 'SVG',
  'image/webp': 'WebP',
  'video/ogg': 'Ogg',
  'video/webm': 'WebM',
  'text/vtt': 'WebVTT (.vtt)',
};

/** What a file of each kind is called in the messages ('Choose an image file: …'). */
const kindNouns: Record<FileKind, string> = {
  image: 'an image',
  video: 'a video',
  captions: 'a captions',
};

/** Media types browsers sometimes leave empty, by file extension. */
const typesByExtension: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  webm: 'video/webm',
  mp4: 'video/mp4',
  ogv: 'video/ogg',
  ogg: 'video/ogg',
  vtt: 'text/vtt',
};

/** `['image/png', 'image/jpeg', 'image/svg+xml']` -> 'PNG, JPEG or SVG'. */
export function describeTypes(types: readonly string[]): string {
  const names = types.map((type) => typeNames[type] ?? (type.split('/')[1] ?? type).toUpperCase());
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** 5242880 -> '5 MB', 1536 -> '1.5 KB'. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : Number(value.toFixed(1))} ${units[unit]}`;
}

/** The file's media type, from the browser or, when it gives none, from the file name's extension. */
export function mediaTypeOf(file: File): string {
  if (file.type) return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return typesByExtension[extension] ?? '';
}

/** The usual hint under a file field: 'PNG, JPEG, GIF, WebP or SVG, up to 5 MB.' */
export function fileHint(rules: FileRules): string {
  return `${describeTypes(rules.types)}, up to ${formatBytes(rules.maxBytes)}.`;
}

/** Why a chosen file cannot be sent (its type, emptiness or size), or null when it can. */
export function fileProblem(file: File, rules: FileRules, kind: FileKind): string | null {
  if (!rules.types.includes(mediaTypeOf(file))) {
    return `Choose ${kindNouns[kind]} file: ${describeTypes(rules.types)}.`;
  }
  if (file.size === 0) return 'The file is empty.';
  if (file.size > rules.maxBytes) {
    return `The file is too large: the limit is ${formatBytes(rules.maxBytes)}.`;
  }
  return null;
}
