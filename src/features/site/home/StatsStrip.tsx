import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import SchoolIcon from '@mui/icons-material/School';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SvgIconComponent } from '@mui/icons-material';
import { CardGrid } from '@/components/CardGrid';
import { stats, type StatId } from '@/content/home';
import { messages } from '../messages';

/** The strip shows only when the window is wider than 768 px (spec sections 4 and 9). */
export const STATS_STRIP_HIDDEN_QUERY = '(max-width:768px)';

const icons: Record<StatId, SvgIconComponent> = {
  successStories: EmojiEventsIcon,
  certifiedInstructors: SchoolIcon,
  learningSchedules: CalendarMonthIcon,
  coursesAvailable: MenuBookIcon,
};

/**
 * The four counters, on wide windows only; follows the window as it is resized. The HTML (and so
 * the first render, prerendered or hydrating) has the strip for every width, hidden by a CSS media
 * query on narrow windows: nothing moves when the script runs, and hydration matches. Once the
 * page runs, a narrow window drops it from the document as well.
 */
export function StatsStrip() {
  const narrow = useMediaQuery(STATS_STRIP_HIDDEN_QUERY);
  if (narrow) return null;
  return (
    <Box
      component="section"
      aria-label={messages.statsHeading}
      sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 5, [`@media ${STATS_STRIP_HIDDEN_QUERY}`]: { display: 'none' } }}
    >
      <Container>
        <CardGrid
          items={stats}
          itemKey={(stat) => stat.id}
          size={3}
          itemSx={{ textAlign: 'center' }}
          renderItem={({ id, data, title }) => {
            const Icon = icons[id];
            return (
              <>
                <Icon fontSize="large" aria-hidden="true" />
                <Typography component="p" variant="h3" sx={{ fontSize: '2rem' }}>
                  {data}
                </Typography>
                <Typography component="p">{title}</Typography>
              </>
            );
          }}
        />
      </Container>
    </Box>
  );
}
