/**
 * The name an answer or feedback file is downloaded under, one rule for the app's download links
 * and the provider's Content-Disposition (the local provider imports it).
 */
/** Characters no file name should carry: controls, invisible formatting (bidi overrides), separators, and those Windows refuses. */
const unsafeNameCharacters = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>:"/\\|?*]/gu;
/** Names Windows keeps for devices, whatever the extension. */
const reservedStems = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])$/i;
const longestStem = 100;

/**
 * A safe file name from a name a user chose and the extension the content was stored under: the
 * last path segment, without unsafe characters, leading or trailing dots and spaces, or its own
 * extension; at most 100 characters before the extension; `answer` when nothing is left; a
 * Windows device name gets a leading `_`.
 */
export function downloadName(given: string | null, extension: string): string {
  const safeExtension = /^\.[a-z0-9]{1,5}$/i.test(extension) ? extension.toLowerCase() : '';
  const trimEnds = (text: string) => text.replace(/^[.\s]+|[.\s]+$/gu, '');
  let stem = trimEnds((given ?? '').split(/[\\/]/).pop()!.replace(unsafeNameCharacters, '').replace(/\s+/gu, ' '));
  const dot = stem.lastIndexOf('.');
  if (dot > 0) stem = trimEnds(stem.slice(0, dot));
  stem = trimEnds([...stem].slice(0, longestStem).join(''));
  if (!stem) stem = 'answer';
  if (reservedStems.test(stem.split('.')[0] as string)) stem = `_${stem}`;
  return stem + safeExtension;
}
