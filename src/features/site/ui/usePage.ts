import { useSearchParams } from 'react-router-dom';
import { parseIdParam } from '@/config/routeParams';

/** Rows per page of the paged lists: four rows of three course cards, three rows of four teachers. */
export const COURSES_PER_PAGE = 12;
export const TEACHERS_PER_PAGE = 12;

/** The name of the page number in a list's address: `/all-courses?page=3`. */
export const PAGE_PARAM = 'page';

/**
 * The page of a paged list the address shows (`?page=`, from 1, read by the one id parser:
 * anything else, `1e2` too, is page 1), the `limit` and `offset` that ask the provider for it, and the address of any other page with the
 * rest of the query kept. Pages are addresses, so Back and Forward go through them.
 */
export function usePage(pageSize: number) {
  const [params] = useSearchParams();
  const page = parseIdParam(params.get(PAGE_PARAM)) ?? 1;
  const hrefOf = (target: number) => {
    const next = new URLSearchParams(params);
    if (target <= 1) next.delete(PAGE_PARAM);
    else next.set(PAGE_PARAM, String(target));
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  return { page, limit: pageSize, offset: (page - 1) * pageSize, hrefOf };
}
