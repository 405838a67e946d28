import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import SchoolIcon from '@mui/icons-material/School';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SvgIconComponent } from '@mui/icons-material';
import { stats, type StatId } from '@/content/home';
import { messages } from '../messages';

/** The strip shows only when the window is wider than 768 px (spec sections 4 and 9). */
export const STATS_STRIP_QUERY = '(min-width:769px)';

const icons: Record<StatId, SvgIconComponent> = {
  successStories: EmojiEventsIcon,
  certifiedInstructors: SchoolIcon,
  learningSchedules: CalendarMonthIcon,
  coursesAvailable: MenuBookIcon,
};

/** The four counters, on wide windows only; follows the window as it is resized. */
export function StatsStrip() {
  const wide = useMediaQuery(STATS_STRIP_QUERY);
  if (!wide) return null;
  return (
    <Box component="section" aria-label={messages.statsHeading} sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 5 }}>
      <Container>
        <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {stats.map(({ id, data, title }) => {
            const Icon = icons[id];
            return (
              <Grid key={id} size={3} component="li" sx={{ textAlign: 'center' }}>
                <Icon fontSize="large" aria-hidden="true" />
                <Typography component="p" variant="h3" sx={{ fontSize: '2rem' }}>
                  {data}
                </Typography>
                <Typography component="p">{title}</Typography>
              </Grid>
            );
          })}
        </Grid>
      </Container>
    </Box>
  );
}
