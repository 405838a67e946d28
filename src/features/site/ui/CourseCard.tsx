import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Course } from '@/api';
import placeholderCover from '@/assets/courses/placeholder.svg';
import { courseLangProps } from '@/components/courseLanguage';
import { formatPrice } from '@/components/formatPrice';
import { paths } from '@/config/paths';
import { FavoriteToggle } from '@/features/student/favorites/FavoriteToggle';
import { messages } from '../messages';
import { slugify } from './courseLinks';
import { PersonAvatar } from '@/components/PersonAvatar';
import { coverSx, DecorativeImage } from '@/components/DecorativeImage';

export type HeadingLevel = 'h2' | 'h3';

/** The course's average rating as a star row and a figure; 'Not rated yet' when nobody rated it. */
function CourseRating({ rating }: { rating: number | null }) {
  if (rating === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        {messages.notRated}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Rating value={rating} precision={0.5} readOnly size="small" />
      <Typography variant="body2" aria-hidden="true">
        {rating.toFixed(1)}
      </Typography>
    </Stack>
  );
}

/** The card of one server course: home, listings, category and teacher pages. */
export function CourseCard({
  course,
  headingLevel,
  showCategory = true,
  showRating = true,
  image = 'lazy',
}: {
  course: Course;
  headingLevel: HeadingLevel;
  showCategory?: boolean;
  /** False when the rating is unknown (not sent), so that 'Not rated yet' is not claimed. */
  showRating?: boolean;
  /**
   * How the cover loads: `lazy` when scrolled near (the default), `eager` for the cards in view
   * when the page opens, `first` for the one that is likely the page's largest paint.
   */
  image?: 'lazy' | 'eager' | 'first';
}) {
  const titleId = useId();
  const { teacher, category } = course;
  const detail = paths.courseDetail(course.id);
  return (
    <Card component="article" variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {/* The cover opens the course for a pointer; keyboards and screen readers have the title's
          link, so this one is no tab stop and is hidden from the accessibility tree. */}
      <RouterLink to={detail} tabIndex={-1} aria-hidden="true" style={{ display: 'block' }}>
        <DecorativeImage
          src={course.featured_img ?? placeholderCover}
          width={640}
          height={360}
          loading={image === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={image === 'first' ? 'high' : undefined}
          sx={coverSx}
        />
      </RouterLink>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack spacing={1.25} sx={{ alignItems: 'flex-start' }}>
          {showCategory && category?.title ? (
            <Chip label={category.title} size="small" component={RouterLink} to={paths.category(slugify(category.title))} clickable />
          ) : null}
          <Typography component={headingLevel} variant="h6" id={titleId} {...courseLangProps(course.languages)}>
            <Link component={RouterLink} to={detail} color="inherit">
              {course.title}
            </Link>
          </Typography>
          {showRating ? <CourseRating rating={course.course_rating} /> : null}
          {teacher?.full_name ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <PersonAvatar name={teacher.full_name} src={teacher.profile_img} size={32} />
              <Link component={RouterLink} to={paths.teacherDetail(teacher.id)}>
                {teacher.full_name}
              </Link>
            </Stack>
          ) : null}
          {course.languages ? (
            <Typography variant="body2">
              <strong>{messages.languagesLabel}:</strong> {course.languages}
            </Typography>
          ) : null}
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', px: 2, pb: 2 }}>
        <Typography component="p" variant="h6">
          {formatPrice(course.price)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <FavoriteToggle courseId={course.id} describedBy={titleId} />
          {/* The visible words first in the name (voice control, WCAG 2.5.3), then the course: twelve
              cards make twelve different links in a screen reader's list of links. */}
          <Button component={RouterLink} to={detail} variant="contained" aria-label={`${messages.enrollNow}: ${course.title}`}>
            {messages.enrollNow}
          </Button>
        </Stack>
      </CardActions>
    </Card>
  );
}
