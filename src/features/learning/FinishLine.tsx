import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { RatingControl } from '@/features/courses/RatingControl';
import { type CourseFinish, formatDay } from './courseFinish';
import { learningMessages as messages } from './messages';

interface FinishLineProps {
  courseId: number;
  courseTitle: string;
  lang?: string;
  finish: CourseFinish;
  studentId: number;
  /** Whether the student rated the course, when the enrol-status answer tells. */
  rated: boolean | undefined;
}

/**
 * The end of a course in the player: 'You finished {course}', the date, the Rating button when
 * the student has not rated the course yet, and the certificate's page when the provider issued one.
 */
export function FinishLine({ courseId, courseTitle, lang, finish, studentId, rated }: FinishLineProps) {
  const headingId = useId();
  const [prefix] = messages.finishedTitle(courseTitle).split(courseTitle);
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2, mt: 2, borderColor: 'success.main', borderWidth: 2 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <EmojiEventsIcon color="success" aria-hidden sx={{ mt: 0.5 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h2" id={headingId} sx={{ fontSize: '1.25rem' }}>
            {prefix}
            <span lang={lang}>{courseTitle}</span>
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 1.5 }}>{messages.finishedOn(formatDay(finish.finishedAt))}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
            {finish.certificate !== null && (
              <Button
                variant="contained"
                component={RouterLink}
                to={paths.certificate(finish.certificate)}
                startIcon={<WorkspacePremiumIcon />}
                aria-label={messages.certificateLinkNamed(courseTitle)}
              >
                {messages.certificateLink}
              </Button>
            )}
            {rated !== true && (
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Typography variant="body2">{messages.rateAsk}</Typography>
                <RatingControl courseId={courseId} studentId={studentId} rated={rated} />
              </Stack>
            )}
          </Stack>
        </Box>
      </Stack>
    </Paper>
  );
}
