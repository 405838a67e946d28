import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { type CourseReview, type CourseReviews as Reviews, isUnsupported, useListCourseReviewsQuery } from '@/api';
import { LoadError } from '@/components/LoadError';
import { longDate } from '@/components/plainFormat';
import { visuallyHidden } from '@/components/visuallyHidden';
import { messages } from './messages';

/** Written reviews per page ('Show more reviews' adds the next). */
export const REVIEWS_PAGE = 5;

const STARS = [5, 4, 3, 2, 1] as const;

function formatDay(iso: string): string | null {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : longDate(new Date(time));
}

/** The average, the number of ratings and how many gave each number of stars, as text with decorative bars. */
function RatingSummary({ reviews }: { reviews: Reviews }) {
  if (reviews.ratings === 0 || reviews.average === null) return <Typography>{messages.noRatings}</Typography>;
  const most = Math.max(1, ...STARS.map((stars) => reviews.distribution[stars]));
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 4 }} sx={{ alignItems: { sm: 'center' } }}>
      <Stack spacing={0.5}>
        <Typography sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 }}>{messages.averageRating(reviews.average)}</Typography>
        <Rating value={reviews.average} precision={0.1} readOnly aria-hidden="true" />
        <Typography color="text.secondary">{messages.ratingsCount(reviews.ratings)}</Typography>
      </Stack>
      <Box component="ul" aria-label={messages.distributionLabel} sx={{ listStyle: 'none', p: 0, m: 0, flex: 1, maxWidth: 420 }}>
        {STARS.map((stars) => {
          const count = reviews.distribution[stars];
          return (
            <Box component="li" key={stars} sx={{ display: 'grid', gridTemplateColumns: 'minmax(7.5rem, max-content) 1fr', columnGap: 1.5, alignItems: 'center', py: 0.25 }}>
              <Typography variant="body2">{messages.starsCount(stars, count)}</Typography>
              <Box aria-hidden="true" sx={{ height: 8, borderRadius: 4, bgcolor: 'action.hover', overflow: 'hidden' }}>
                <Box sx={{ height: '100%', width: `${(count / most) * 100}%`, bgcolor: 'secondary.main' }} />
              </Box>
            </Box>
          );
        })}
      </Box>
    </Stack>
  );
}

function ReviewEntry({ review, focusRef }: { review: CourseReview; focusRef?: Ref<HTMLLIElement> }) {
  const day = formatDay(review.rated_at);
  return (
    <Box component="li" ref={focusRef} tabIndex={focusRef ? -1 : undefined} sx={{ py: 2, borderBottom: 1, borderColor: 'divider', outlineOffset: 4 }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {review.reviewer}
        </Typography>
        <Rating value={review.rating} readOnly size="small" aria-hidden="true" />
        <Box component="span" sx={visuallyHidden}>
          {messages.reviewStars(review.rating)}
        </Box>
        {day !== null && (
          <Typography component="time" variant="body2" color="text.secondary" dateTime={review.rated_at}>
            {day}
          </Typography>
        )}
      </Stack>
      <Typography sx={{ mt: 0.75, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{review.review}</Typography>
    </Box>
  );
}

/** One page of written reviews, as list items; a page added by 'Show more' takes the focus on its first review. */
function ReviewPage({ courseId, offset, takeFocus }: { courseId: number; offset: number; takeFocus: boolean }) {
  const { currentData } = useListCourseReviewsQuery({ courseId, limit: REVIEWS_PAGE, offset });
  const first = useRef<HTMLLIElement>(null);
  const focused = useRef(false);
  const firstId = currentData?.reviews[0]?.id;
  useEffect(() => {
    if (takeFocus && !focused.current && firstId !== undefined && first.current) {
      focused.current = true;
      first.current.focus();
    }
  }, [takeFocus, firstId]);
  return (
    <>
      {(currentData?.reviews ?? []).map((review, index) => (
        <ReviewEntry key={review.id} review={review} focusRef={takeFocus && index === 0 ? first : undefined} />
      ))}
    </>
  );
}

/** The written reviews, newest first, page after page. */
function WrittenReviews({ courseId, total }: { courseId: number; total: number }) {
  const [pages, setPages] = useState(1);
  const lastOffset = (pages - 1) * REVIEWS_PAGE;
  const last = useListCourseReviewsQuery({ courseId, limit: REVIEWS_PAGE, offset: lastOffset });
  if (total === 0) return <Typography sx={{ mt: 2 }}>{messages.noWrittenReviews}</Typography>;
  const lastLoaded = last.currentData !== undefined;
  return (
    <>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
        {Array.from({ length: pages }, (_, page) => (
          <ReviewPage key={page} courseId={courseId} offset={page * REVIEWS_PAGE} takeFocus={page > 0} />
        ))}
      </Box>
      {last.isError && !lastLoaded ? (
        <Box sx={{ mt: 2 }}>
          <LoadError message={messages.moreReviewsFailed} onRetry={() => void last.refetch()} />
        </Box>
      ) : pages * REVIEWS_PAGE < total ? (
        <Button variant="outlined" sx={{ mt: 2 }} disabled={!lastLoaded} onClick={() => setPages((count) => count + 1)}>
          {lastLoaded ? messages.showMoreReviews : messages.loadingReviews}
        </Button>
      ) : null}
    </>
  );
}

/**
 * 'Reviews' on the course page (extension `listCourseReviews`): the average, the number of
 * ratings, how many gave each number of stars, and the written reviews newest first, five at a
 * time. On a provider without the extension (404 or 405) nothing is shown: the course facts keep
 * the average rating.
 */
export function CourseReviews({ courseId }: { courseId: number }) {
  const { currentData, error, isError, refetch } = useListCourseReviewsQuery({ courseId, limit: REVIEWS_PAGE, offset: 0 });
  const headingId = useId();
  if (isError && isUnsupported(error)) return null;
  let content;
  if (currentData === undefined) {
    content = isError ? (
      <LoadError message={messages.reviewsFailed} onRetry={() => void refetch()} />
    ) : (
      <Skeleton variant="rounded" height={120} />
    );
  } else {
    content = (
      <>
        <RatingSummary reviews={currentData} />
        <WrittenReviews courseId={courseId} total={currentData.reviews_total} />
      </>
    );
  }
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 5 }}>
      <Typography variant="h2" id={headingId} gutterBottom>
        {messages.reviewsHeading}
      </Typography>
      {content}
    </Box>
  );
}
