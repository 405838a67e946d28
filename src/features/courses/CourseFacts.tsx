import StarIcon from '@mui/icons-material/Star';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { type Course, courseLevelNames, isCourseLevel, useListCourseChaptersQuery } from '@/api';
import { formatPrice } from '@/components/formatPrice';
import { paths } from '@/config/paths';
import { policyConstants } from '@/content/policies';
import { courseLength } from './chapterLength';
import { messages } from './messages';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

/** A course's average rating as 'n/5', with at most one decimal. */
function formatRating(rating: number): string {
  return `${Math.round(rating * 10) / 10}/5`;
}

/**
 * Teacher, languages, level (extension), price with the refund rule of a paid course, rating,
 * enrolled students, chapter count and, when the provider knows every chapter's length, the
 * course's duration.
 */
export function CourseFacts({ course }: { course: Course }) {
  const { teacher } = course;
  // The curriculum's call (one request for both): `duration` is an extension, absent elsewhere.
  const { data: chapters } = useListCourseChaptersQuery({ courseId: course.id });
  const duration = chapters === undefined ? null : courseLength(chapters.map((chapter) => chapter.duration));
  return (
    <>
      <Box
        component="dl"
        // On a phone (or 400% zoom) the labels may wrap rather than push the values off the screen.
        sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 2fr) minmax(0, 3fr)', sm: 'max-content 1fr' }, columnGap: { xs: 2, sm: 3 }, rowGap: 1.5, alignItems: 'center', my: 3 }}
      >
        {teacher !== null && (
          <Fact label={messages.teacher}>
            <Stack component="span" direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Avatar src={teacher.profile_img ?? undefined} alt="" sx={{ width: 40, height: 40 }} />
              <Link component={RouterLink} to={paths.teacherDetail(teacher.id)}>
                {teacher.full_name}
              </Link>
            </Stack>
          </Fact>
        )}
        {course.languages && <Fact label={messages.languages}>{course.languages}</Fact>}
        {isCourseLevel(course.level) && <Fact label={messages.level}>{courseLevelNames[course.level]}</Fact>}
        <Fact label={messages.price}>{formatPrice(course.price)}</Fact>
        {course.course_rating !== null && (
          <Fact label={messages.rating}>
            <Stack component="span" direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <StarIcon fontSize="small" sx={{ color: 'secondary.main' }} aria-hidden="true" />
              <span>{formatRating(course.course_rating)}</span>
            </Stack>
          </Fact>
        )}
        <Fact label={messages.studentsEnrolled}>{course.total_enrolled_students ?? 0}</Fact>
        <Fact label={messages.chapters}>{chapters?.length ?? course.course_chapters.length}</Fact>
        {duration !== null && <Fact label={messages.duration}>{duration}</Fact>}
      </Box>
      {/* A paid course's price comes with the Refund Policy's rule (issue 39). */}
      {course.price !== null && (
        <Typography variant="body2" sx={{ mt: -1.5, mb: 3, color: 'text.secondary' }}>
          {messages.refundRule(policyConstants.cancellationNoticeHours, policyConstants.refundWorkingDays)} (
          <Link component={RouterLink} to={paths.refund}>
            {messages.refundPolicy}
          </Link>
          ).
        </Typography>
      )}
    </>
  );
}
