import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
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
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={messages.recommendationsTableLabel}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{messages.courseColumn}</TableCell>
            <TableCell scope="col">{messages.languagesColumn}</TableCell>
            <TableCell scope="col">{messages.ratingColumn}</TableCell>
            <TableCell scope="col">{messages.studentsColumn}</TableCell>
            <TableCell scope="col">{messages.priceColumn}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {courses.map((course) => (
            <TableRow key={course.id}>
              <TableCell component="th" scope="row">
                <Link component={RouterLink} to={paths.courseDetail(course.id)} sx={{ fontWeight: 600 }} {...courseLangProps(course.languages)}>
                  {course.title}
                </Link>
              </TableCell>
              <TableCell>{course.languages}</TableCell>
              <TableCell>{course.course_rating === null ? messages.notRated : messages.ratingValue(course.course_rating)}</TableCell>
              <TableCell>{course.total_enrolled_students ?? 0}</TableCell>
              <TableCell>{formatPrice(course.price)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
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
