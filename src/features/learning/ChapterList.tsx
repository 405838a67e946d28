import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { Chapter, ChapterProgress } from '@/api';
import { visuallyHidden } from '@/components/visuallyHidden';
import { paths } from '@/config/paths';
import { chapterLength } from '@/features/courses/chapterLength';
import { learningMessages as messages } from './messages';

interface ChapterListProps {
  courseId: number;
  courseTitle: string;
  chapters: readonly Chapter[];
  currentId: number;
  saved: ReadonlyMap<number, ChapterProgress>;
  /** How many exercises each chapter has: those with any get a Practice link. */
  exercises?: ReadonlyMap<number, number>;
  lang?: string;
}

/**
 * The course's chapters beside the player (below it on a phone): each a link to its place in the
 * player, marked watched or not (an icon, said in words to screen readers), with its length when
 * the provider tells it; the one playing is highlighted and `aria-current="page"`.
 */
export function ChapterList({ courseId, courseTitle, chapters, currentId, saved, exercises, lang }: ChapterListProps) {
  return (
    <Box component="nav" aria-label={messages.chapterListLabel(courseTitle)}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {messages.chaptersHeading}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
        {chapters.map((chapter, index) => {
          const current = chapter.id === currentId;
          const watched = saved.get(chapter.id)?.watched === true;
          const length = chapterLength(chapter.duration);
          const Icon = watched ? CheckCircleIcon : RadioButtonUncheckedIcon;
          const practise = exercises?.get(chapter.id) ?? 0;
          return (
            <Box component="li" key={chapter.id} sx={{ display: 'flex', alignItems: 'center', '& + &': { borderTop: 1, borderColor: 'divider' } }}>
              <Box
                component={RouterLink}
                to={paths.learn(courseId, chapter.id)}
                aria-current={current ? 'page' : undefined}
                sx={{
                  flexGrow: 1,
                  minWidth: 0,
                  display: 'flex',
                  alignItems: 'flex-start',
                  gap: 1.25,
                  px: 1.5,
                  py: 1.25,
                  minHeight: 48,
                  color: 'text.primary',
                  textDecoration: 'none',
                  bgcolor: current ? 'action.selected' : undefined,
                  borderLeft: 4,
                  borderLeftColor: current ? 'primary.main' : 'transparent',
                  '&:hover': { bgcolor: 'action.hover' },
                }}
              >
                <Icon fontSize="small" aria-hidden color={watched ? 'success' : 'disabled'} sx={{ mt: 0.25, flexShrink: 0 }} />
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography component="span" sx={{ display: 'block', fontWeight: current ? 700 : 400, overflowWrap: 'anywhere' }} lang={lang}>
                    {chapter.title}
                  </Typography>
                  <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                    {messages.chapterNumber(index + 1, chapters.length)}
                    {length !== null && ` · ${length}`}
                    <Box component="span" sx={visuallyHidden}>
                      {`, ${watched ? messages.watched : messages.notWatched}`}
                    </Box>
                  </Typography>
                </Box>
              </Box>
              {practise > 0 ? (
                <Box
                  component={RouterLink}
                  to={paths.practice(courseId, chapter.id)}
                  aria-label={messages.practiceNamed(chapter.title, practise)}
                  sx={{ flexShrink: 0, px: 1.5, py: 1.25, minHeight: 48, display: 'flex', alignItems: 'center', color: 'primary.main', fontWeight: 500 }}
                >
                  {messages.practice}
                </Box>
              ) : null}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
