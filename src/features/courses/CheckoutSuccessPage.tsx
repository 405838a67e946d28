import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { api } from '@/api';
import { useAppDispatch } from '@/app/hooks';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { rememberedCheckoutCourse } from './checkoutMemory';
import { messages } from './messages';

/**
 * /success?session_id=…: where the card provider sends the student after paying (providers on the
 * original academy backend). The provider records the enrolment when the card provider tells it,
 * so the page says the course appears under My Courses once recorded, and drops the cached
 * enrolments so My Courses and the course page ask again. Links to the course when the checkout
 * was started in this tab (`checkoutMemory`).
 */
export function CheckoutSuccessPage() {
  const [searchParams] = useSearchParams();
  const courseId = rememberedCheckoutCourse(searchParams.get('session_id'));
  const dispatch = useAppDispatch();

  useEffect(() => {
    dispatch(api.util.invalidateTags([{ type: 'Enrolment', id: 'LIST' }]));
  }, [dispatch]);

  return (
    <PageHeading title={messages.successTitle}>
      <Typography sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 3, maxWidth: 720 }}>
        <CheckCircleIcon aria-hidden="true" sx={{ color: 'success.main', mt: '0.1em' }} />
        {messages.successText}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Button variant="contained" component={RouterLink} to={paths.myCourses}>
          {messages.goToMyCourses}
        </Button>
        {courseId !== null && (
          <Button variant="outlined" component={RouterLink} to={paths.courseDetail(courseId)}>
            {messages.openCourse}
          </Button>
        )}
      </Stack>
    </PageHeading>
  );
}
