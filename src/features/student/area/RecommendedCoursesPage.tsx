import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { type Course, errorText } from '@/api';
import { formatPrice } from '@/components/formatPrice';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { ResponsiveRows } from '@/components/ResponsiveRows';
import { courseLangProps } from '@/components/courseLanguage';
import { paths } from '@/config/paths';
import { studentAreaMessages as messages } from './messages';
import { type Recommendation } from './recommendCourses';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { useRecommendedCourses } from './useRecommendedCourses';

/** Why these courses: the student's interests, or the popular fallback with a link to add interests. */
function RecommendationIntro({ recommendation }: { recommendation: Recommendation }) {
  const interests = recommendation.interests.join(', ');
  const [text, link] =
    recommendation.kind === 'interests'
      ? [messages.recommendedForInterests(interests), messages.changeInterestsLink]
      : recommendation.kind === 'noMatch'
        ? [messages.noInterestMatch(interests), messages.changeInterestsLink]
        : [messages.noInterests, messages.addInterestsLink];
  return (
    <Stack spacing={1} sx={{ mb: 3, alignItems: 'flex-start' }}>
      <Typography>{text}</Typography>
      <Link component={RouterLink} to={paths.profileSetting}>
        {link}
      </Link>
    </Stack>
  );
}

function RecommendationsTable({ courses }: { courses: readonly Course[] }) {
  return (
    <ResponsiveRows
      rows={courses}
      rowKey={(course) => course.id}
      label={messages.recommendationsTableLabel}
      columns={[
        {
          header: messages.courseColumn,
          role: 'title',
          cell: (course) => (
            <Link component={RouterLink} to={paths.courseDetail(course.id)} {...courseLangProps(course.languages)}>
              {course.title}
            </Link>
          ),
        },
        { header: messages.languagesColumn, cell: (course) => course.languages },
        { header: messages.ratingColumn, cell: (course) => (course.course_rating === null ? messages.notRated : messages.ratingValue(course.course_rating)) },
        { header: messages.studentsColumn, cell: (course) => course.total_enrolled_students ?? 0 },
        { header: messages.priceColumn, cell: (course) => formatPrice(course.price) },
      ]}
    />
  );
}

/**
 * /recommended-courses: up to 12 courses in the student's interested categories or languages that
 * they have not joined, best rated first; without interests (or a match), the most popular courses
 * and a link to add interests. Ranked by the provider, or in the browser from the catalogue's pages
 * on a provider that does not rank them (`useRecommendedCourses`).
 */
export function RecommendedCoursesPage() {
  const { recommendation, error, retry } = useRecommendedCourses();
  let content;
  if (error !== undefined) {
    content = <LoadError message={errorText(error, messages.recommendationsFailed)} onRetry={retry} />;
  } else if (recommendation === undefined) {
    content = <RowsSkeleton label={messages.loadingRecommendations} rowHeight={48} />;
  } else {
    content = (
      <>
        <RecommendationIntro recommendation={recommendation} />
        {recommendation.courses.length === 0 ? (
          <Typography>{messages.noRecommendations}</Typography>
        ) : (
          <RecommendationsTable courses={recommendation.courses} />
        )}
      </>
    );
  }
  return <PageHeading title={messages.recommendedCoursesTitle}>{content}</PageHeading>;
}
