/**
 * Styles of a part of a page that is usually below the first screen: the browser skips its style
 * and layout until it comes near the viewport (`content-visibility: auto`), counting it meanwhile
 * at about its usual height on a phone and on a wide window, then at the height it had when last
 * rendered. The first seconds' style and layout then cost what is on screen, not the whole page.
 */
export function belowTheFold(phoneHeight: number, wideHeight: number) {
  return { contentVisibility: 'auto', containIntrinsicSize: { xs: `auto ${phoneHeight}px`, md: `auto ${wideHeight}px` } } as const;
}
