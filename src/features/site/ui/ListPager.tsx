import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { messages } from '../messages';

/**
 * The page links under a paged list: one link per page (`?page=`), so each page has an address
 * and Back and Forward work. A page past the last says so and links to the first. Nothing when the
 * list fits on one page.
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
  if (total === undefined) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (page > pages) {
    return (
      <Box sx={{ mt: 3 }}>
        <Typography sx={{ mb: 1 }}>{messages.pastLastPage(pages)}</Typography>
        <Button component={RouterLink} to={hrefOf(1)} variant="outlined">
          {messages.firstPage}
        </Button>
      </Box>
    );
  }
  if (pages === 1) return null;
  return (
    <Pagination
      page={page}
      count={pages}
      aria-label={label}
      siblingCount={1}
      sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}
      renderItem={(item) => <PaginationItem component={RouterLink} to={hrefOf(item.page ?? 1)} {...item} />}
    />
  );
}
