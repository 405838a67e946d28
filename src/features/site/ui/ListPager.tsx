import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { messages } from '../messages';

/** Which pager control took the person to another page: a page number, previous/next, or 'first page'. */
type PagerControl = 'page' | 'previous' | 'next' | 'first';

/**
 * Keeps the keyboard focus in the pager when one of its controls changes the page (WCAG 2.4.3):
 * previous/next keep it while they still lead somewhere, anything else hands it to the link of the
 * page now shown (`aria-current`). Without this the clicked link can vanish or, MUI reusing its
 * node, come to stand for another page, and the focus fall to the page body.
 */
function usePagerFocus(page: number) {
  const pagerRef = useRef<HTMLElement>(null);
  const movedRef = useRef<PagerControl | null>(null);
  useEffect(() => {
    const control = movedRef.current;
    movedRef.current = null;
    const root = pagerRef.current;
    if (control === null || root === null) return;
    if (control === 'previous' || control === 'next') {
      const same = root.querySelector<HTMLElement>(`[data-pager="${control}"]`);
      if (same !== null && same.getAttribute('aria-disabled') !== 'true') {
        same.focus();
        return;
      }
    }
    root.querySelector<HTMLElement>('[aria-current="page"]')?.focus();
  }, [page]);
  return { pagerRef, movedRef };
}

/**
 * The page links under a paged list: one link per page (`?page=`), so each page has an address
 * and Back and Forward work. A page past the last says so and links to the first. Nothing when the
 * list fits on one page. While the next page loads (its total unknown) the links of the last total
 * stay, so that the one just used keeps the focus.
 */
export function ListPager({
  page,
  pageSize,
  total,
  label,
  hrefOf,
}: {
  page: number;
  pageSize: number;
  /** How many rows the list has in all; undefined while unknown. */
  total: number | undefined;
  /** The accessible name of the page links' navigation. */
  label: string;
  hrefOf: (page: number) => string;
}) {
  const [knownTotal, setKnownTotal] = useState(total);
  if (total !== undefined && total !== knownTotal) setKnownTotal(total);
  const { pagerRef, movedRef } = usePagerFocus(page);
  const shownTotal = total ?? knownTotal;
  if (shownTotal === undefined) return null;
  const pages = Math.max(1, Math.ceil(shownTotal / pageSize));
  if (page > pages) {
    return (
      <Box sx={{ mt: 3 }}>
        <Typography sx={{ mb: 1 }}>{messages.pastLastPage(pages)}</Typography>
        <Button component={RouterLink} to={hrefOf(1)} variant="outlined" onClick={() => (movedRef.current = 'first')}>
          {messages.firstPage}
        </Button>
      </Box>
    );
  }
  if (pages === 1) return null;
  return (
    <Pagination
      ref={pagerRef}
      page={page}
      count={pages}
      aria-label={label}
      siblingCount={1}
      sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}
      renderItem={(item) => (
        <PaginationItem
          component={RouterLink}
          to={hrefOf(item.page ?? 1)}
          data-pager={item.type}
          {...item}
          onClick={(event: React.MouseEvent<HTMLElement>) => {
            movedRef.current = item.type === 'previous' || item.type === 'next' ? item.type : 'page';
            item.onClick(event);
          }}
        />
      )}
    />
  );
}
