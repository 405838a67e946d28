import Alert from '@mui/material/Alert';
import type { Course } from '@/api';
import { teacherCourseMessages as messages } from './courseMessages';
import { PublishCourseButton } from './PublishCourseButton';

/**
 * On the public course page, for the course's teacher opening their own draft (extension,
 * issue 23): only they can see it, and Publish is at hand. Loaded only then (a lazy chunk).
 */
export function CourseDraftNotice({ course }: { course: Course }) {
  return (
    // A status, not an alert: it is part of the page, not news to interrupt with.
    <Alert severity="info" role="status" sx={{ mb: 3, alignItems: 'center' }} action={<PublishCourseButton course={course} chapterCount={Math.max(course.course_chapters.length, course.related_videos.length)} variant="contained" />}>
      {messages.draftNotice}
    </Alert>
  );
}
