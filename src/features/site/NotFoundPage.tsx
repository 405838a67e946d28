import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';

/** Any path the app does not know. */
export function NotFoundPage() {
  return (
    <PageHeading title="Page not found">
      <Typography sx={{ mb: 3 }}>There is no page at this address. It may have moved, or the link may be mistyped.</Typography>
      <Button variant="contained" component={RouterLink} to={paths.home}>
        Back to the home page
      </Button>
    </PageHeading>
  );
}
