import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { PaymentConfirmation } from './PaymentConfirmation';
import { rememberedCheckoutCourse } from './checkoutMemory';
import { messages } from './messages';
import { useEnrolmentConfirmation } from './useEnrolmentConfirmation';

/**
 * /success?session_id=…: where the card provider sends the student after paying (providers on the
 * original academy backend). The address proves nothing: the provider records the enrolment when
 * the card provider tells it. So the page reads the enrolment of the course the checkout was
 * started for in this tab (`checkoutMemory`) until it is recorded, saying meanwhile that the
 * payment is being confirmed; once enrolled it says so and links to the course. Without a
 * recorded enrolment after a minute (or with no course known), it says the course will appear
 * under My Courses.
 */
export function CheckoutSuccessPage() {
  const [searchParams] = useSearchParams();
  const courseId = rememberedCheckoutCourse(searchParams.get('session_id'));
  const confirmation = useEnrolmentConfirmation(courseId);

  return (
    <PageHeading title={confirmation === 'enrolled' ? messages.successTitle : messages.confirmingTitle}>
      <PaymentConfirmation confirmation={confirmation} sx={{ mb: 3, maxWidth: 720 }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Button variant="contained" component={RouterLink} to={paths.myCourses}>
          {messages.goToMyCourses}
        </Button>
        {courseId !== null && confirmation === 'enrolled' && (
          <Button variant="outlined" component={RouterLink} to={paths.courseDetail(courseId)}>
            {messages.openCourse}
          </Button>
        )}
      </Stack>
    </PageHeading>
  );
}
