import CardActionArea from '@mui/material/CardActionArea';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CardGrid } from '@/components/CardGrid';
import { languageTiles } from '@/content/home';
import { messages } from '../messages';
import { coursesInLanguage } from '../ui/courseLinks';
import { HomeSection } from './HomeSection';
import { coursesInLanguageCount, useCatalogueCounts } from './useCatalogueCounts';
import { DecorativeImage } from '@/components/DecorativeImage';

/**
 * 'Browse Our Online Courses': one tile per language, each opening the courses in that language,
 * with how many there are when the provider counts them (no number otherwise).
 */
export function LanguageTilesSection() {
  const counts = useCatalogueCounts();
  // The same tiles while the figures are the same: the render that brings them (deferred) is the
  // only one that builds the tiles again.
  const tiles = useMemo(
    () => (
      <CardGrid
        items={languageTiles}
        itemKey={(tile) => tile.courseName}
        size={{ xs: 6, sm: 4, md: 2 }}
        spacing={2}
        renderItem={(tile) => (
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea
              component={RouterLink}
              to={coursesInLanguage(tile.language)}
              sx={{
                height: '100%',
                p: 2,
                textAlign: 'center',
                // The zoom is motion: only for people who have not asked their system to reduce it.
                '@media (prefers-reduced-motion: no-preference)': { '&:hover img, &:focus-visible img': { transform: 'scale(1.08)' } },
              }}
            >
              <DecorativeImage
                src={tile.cover}
                width={72}
                height={72}
                sx={{ display: 'block', mx: 'auto', mb: 1, transition: 'transform 150ms' }}
              />
              <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                {tile.courseName}
              </Typography>
              {counts === undefined ? null : (
                <Typography component="span" variant="body2" color="text.secondary">
                  {messages.courseCount(coursesInLanguageCount(counts, tile.language))}
                </Typography>
              )}
            </CardActionArea>
          </Card>
        )}
      />
    ),
    [counts],
  );
  return (
    <HomeSection title={messages.languagesHeading} heights={[695, 334]} tinted>
      {tiles}
    </HomeSection>
  );
}
