import GroupsIcon from '@mui/icons-material/Groups';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import SchoolIcon from '@mui/icons-material/School';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SvgIconComponent } from '@mui/icons-material';
import { CardGrid } from '@/components/CardGrid';
import { groupedCount } from '@/components/plainFormat';
import { stats, type StatId } from '@/content/home';
import { messages } from '../messages';
import { useCatalogueCounts } from './useCatalogueCounts';

/** The strip shows only when the window is wider than 768 px (spec sections 4 and 9). */
export const STATS_STRIP_HIDDEN_QUERY = '(max-width:768px)';

const icons: Record<StatId, SvgIconComponent> = {
  courses: MenuBookIcon,
  teachers: SchoolIcon,
  students: GroupsIcon,
};

/**
 * The academy's real figures (courses, instructors, students enrolled), counted by the provider,
 * on wide windows only; follows the window as it is resized. Nothing shows until the figures
 * arrive, nor on a provider that cannot count (the prerendered page has no strip, and hydration
 * matches). On a narrow window a CSS media query hides it, and once the page runs it leaves the
 * document there as well.
 */
export function StatsStrip() {
  const narrow = useMediaQuery(STATS_STRIP_HIDDEN_QUERY);
  const counts = useCatalogueCounts();
  if (narrow || counts === undefined) return null;
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
          size={4}
          itemSx={{ textAlign: 'center' }}
          renderItem={({ id, title }) => {
            const Icon = icons[id];
            return (
              <>
                <Icon fontSize="large" aria-hidden="true" />
                <Typography component="p" variant="h3" sx={{ fontSize: '2rem' }}>
                  {groupedCount(counts[id])}
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
