import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink } from 'react-router-dom';
import {
  type Course,
  errorText,
  useFetchEnrolledCoursesQuery,
  useGetStudentQuery,
  useListCategoriesQuery,
  useListCoursesQuery,
} from '@/api';
import { useAppSelector } from '@/app/hooks';
import { formatPrice } from '@/components/formatPrice';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { ResponsiveRows } from '@/components/ResponsiveRows';
import { courseLangProps } from '@/components/courseLanguage';
import { paths } from '@/config/paths';
import { selectStudentId } from '@/features/session/sessionSlices';
import { studentAreaMessages as messages } from './messages';
import { type Recommendation, recommendCourses } from './recommendCourses';
import { RowsSkeleton } from '@/components/RowsSkeleton';

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
 * /recommended-courses: courses in the student's interested categories or languages that they have
 * not joined, best rated first; without interests, the most popular courses and a link to add
 * interests. Computed in the browser (`recommendCourses`) from the course list, the student and
 * their enrolments, which every provider serves.
 */
export function RecommendedCoursesPage() {
  const studentId = useAppSelector(selectStudentId);
  const studentArg = studentId === null ? skipToken : { studentId };
  const courses = useListCoursesQuery({});
  const student = useGetStudentQuery(studentArg);
  const enrolled = useFetchEnrolledCoursesQuery(studentArg);
  // Only names the categories of providers that send a bare category id; not needed otherwise.
  const categories = useListCategoriesQuery();

  const reads = [courses, student, enrolled];
  const failed = reads.find((read) => read.data === undefined && read.isError);
  let content;
  if (failed) {
    content = (
      <LoadError
        message={errorText(failed.error, messages.recommendationsFailed)}
        onRetry={() => {
          for (const read of reads) if (read.isError) void read.refetch();
        }}
      />
    );
  } else if (courses.data === undefined || student.data === undefined || enrolled.data === undefined) {
    content = <RowsSkeleton label={messages.loadingRecommendations} rowHeight={48} />;
  } else {
    const recommendation = recommendCourses({
      courses: courses.data.items,
      interests: student.data.interested_categories,
      enrolledCourseIds: enrolled.data.flatMap((row) => (row.course ? [row.course.id] : [])),
      categories: categories.data,
    });
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
