import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

export interface CountItem {
  label: string;
  count: number;
  /** The page that lists what is counted. */
  to: string;
}

const cardSize = { xs: 12, sm: 4 } as const;

/**
 * A row of counts, each a card linking to the page that lists what it counts. While `loading`,
 * skeleton cards in a status region named `loadingLabel` stand in for them.
 */
export function CountCards({ items, loading, loadingLabel }: { items: readonly CountItem[]; loading: boolean; loadingLabel: string }) {
  if (loading) {
    return (
      <Grid container spacing={3} role="status" aria-label={loadingLabel}>
        {items.map((item) => (
          <Grid key={item.label} size={cardSize}>
            <Card variant="outlined">
              <CardContent>
                <Skeleton variant="text" width="30%" sx={{ fontSize: '2.5rem' }} />
                <Skeleton variant="text" width="70%" />
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    );
  }
  return (
    <Grid container spacing={3}>
      {items.map((item) => (
        <Grid key={item.label} size={cardSize}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={item.to} sx={{ height: '100%' }}>
              <CardContent>
                <Typography component="p" variant="h2" sx={{ color: 'primary.main' }}>
                  {item.count}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  <Typography component="p" sx={{ fontWeight: 600 }}>
                    {item.label}
                  </Typography>
                  <ArrowForwardIcon fontSize="small" color="primary" />
                </Stack>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
