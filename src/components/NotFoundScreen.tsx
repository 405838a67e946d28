import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useContext } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeading } from './PageHeading';
import { PageStatusSink } from './pageStatus';

/**
 * What a screen shows when its address names nothing (no such page, course, teacher or category):
 * the heading, why, and the way on. Rendered on the server, the page is answered with 404.
 */
export function NotFoundScreen({ title, text, actionLabel, actionTo }: { title: string; text: string; actionLabel: string; actionTo: string }) {
  useContext(PageStatusSink)?.(404);
  return (
    <PageHeading title={title}>
      <Typography sx={{ mb: 3 }}>{text}</Typography>
      <Button variant="contained" component={RouterLink} to={actionTo}>
        {actionLabel}
      </Button>
    </PageHeading>
  );
}
