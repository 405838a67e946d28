import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lessonsApi } from '@/api';
import { lessonMessages as messages } from '../lessonMessages';

/** Reviews shown on the teacher page: the latest few (the provider answers up to 10). */
const REVIEWS_SHOWN = 3;

/**
 * How many lessons the teacher has given and how their students rated them, with the latest
 * ratings (extension, issue 40). Nothing on a provider without the figures, and no rating line
 * before the first rating.
 */
export function LessonFigures({ teacherId }: { teacherId: number }) {
  const { data } = lessonsApi.useGetTeacherLessonReviewsQuery({ teacherId });
  if (data === undefined) return null;
  return (
    <Stack spacing={1} sx={{ mb: 3 }}>
      <Typography>
        {messages.lessonsGiven(data.lessons_given)}
        {data.rating_average === null ? '' : ` · ${messages.ratingSummary(data.rating_average, data.rating_count)}`}
      </Typography>
      {data.reviews.length > 0 && (
        <Box component="ul" aria-label={messages.reviewsLabel} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {data.reviews.slice(0, REVIEWS_SHOWN).map((review) => (
            <Box component="li" key={`${review.rated_at}-${review.student_name}`}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Rating value={review.rating} readOnly size="small" aria-label={messages.ratingOf(review.rating)} />
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {review.student_name}
                </Typography>
              </Stack>
              {review.comment !== null && (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {review.comment}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}
