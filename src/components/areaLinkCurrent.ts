import { matchPath } from 'react-router-dom';
import type { AreaLink } from './AreaLinkBadge';

/**
 * Whether an area entry is where the reader is: `'page'` on its own page, `'true'` on a page
 * below it (`below`: a conversation under Messages), as `aria-current` says it; otherwise undefined.
 */
export function areaLinkCurrent(link: Pick<AreaLink, 'to' | 'below'>, pathname: string): 'page' | 'true' | undefined {
  if (matchPath({ path: link.to, end: true }, pathname) !== null) return 'page';
  return link.below?.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null) ? 'true' : undefined;
}
