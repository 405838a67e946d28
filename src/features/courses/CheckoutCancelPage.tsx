import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { rememberedCheckoutCourse } from './checkoutMemory';
import { messages } from './messages';

/**
 * /cancel: where the card provider sends the student who left the checkout (providers on the
 * original academy backend). Nothing was charged; links back to the course when the checkout was
 * started in this tab, otherwise to the course list.
 */
export function CheckoutCancelPage() {
  const [searchParams] = useSearchParams();
  const courseId = rememberedCheckoutCourse(searchParams.get('session_id'));
  return (
    <PageHeading title={messages.cancelTitle}>
      <Typography sx={{ mb: 3 }}>{messages.cancelText}</Typography>
      {courseId === null ? (
        <Button variant="contained" component={RouterLink} to={paths.allCourses}>
          {messages.browseCourses}
        </Button>
      ) : (
        <Button variant="contained" component={RouterLink} to={paths.courseDetail(courseId)}>
          {messages.backToCourse}
        </Button>
      )}
    </PageHeading>
  );
}
