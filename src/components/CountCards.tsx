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
/** On a phone the cards stack as short rows (the figure beside its label), so what follows them stays on the first screen. */
const spacing = { xs: 1.5, sm: 3 } as const;
const contentSx = { py: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 3 } } } as const;

/**
 * A row of counts, each a card linking to the page that lists what it counts. While `loading`,
 * skeleton cards in a status region named `loadingLabel` stand in for them.
 */
export function CountCards({ items, loading, loadingLabel }: { items: readonly CountItem[]; loading: boolean; loadingLabel: string }) {
  if (loading) {
    return (
      <Grid container spacing={spacing} role="status" aria-label={loadingLabel}>
        {items.map((item) => (
          <Grid key={item.label} size={cardSize}>
            <Card variant="outlined">
              <CardContent sx={contentSx}>
                <Skeleton variant="text" width="30%" sx={{ fontSize: { xs: '1.75rem', sm: '2.5rem' } }} />
                <Skeleton variant="text" width="70%" />
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    );
  }
  return (
    <Grid container spacing={spacing}>
      {items.map((item) => (
        <Grid key={item.label} size={cardSize}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={item.to} sx={{ height: '100%' }}>
              <CardContent sx={[contentSx, { display: 'flex', flexDirection: { xs: 'row', sm: 'column' }, alignItems: { xs: 'center', sm: 'stretch' }, gap: { xs: 2, sm: 0 } }]}>
                <Typography component="p" variant="h2" sx={{ color: 'primary.main', fontSize: { xs: '1.75rem' }, minWidth: { xs: '2ch' } }}>
                  {item.count}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexGrow: 1 }}>
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
