import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { errorText, useCreatePaymentSessionMutation } from '@/api';
import { CheckoutError, redirectToCheckoutUrl, redirectToStripeCheckout } from './checkout';
import { messages } from './messages';

/** 'Enroll Now': opens a payment session and sends the student to its hosted checkout. */
export function EnrolButton({ courseId, studentId }: { courseId: number; studentId: number }) {
  const [createPaymentSession] = useCreatePaymentSessionMutation();
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function startCheckout() {
    setStarting(true);
    setFailure(null);
    try {
      const session = await createPaymentSession({ paymentSessionForm: { course_id: courseId, student_id: studentId } }).unwrap();
      if (session.url) redirectToCheckoutUrl(session.url);
      else await redirectToStripeCheckout(session.session_id);
    } catch (error) {
      setFailure(error instanceof CheckoutError ? error.message : errorText(error, messages.enrolFailed));
    } finally {
      setStarting(false);
    }
  }

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Button variant="contained" size="large" onClick={() => void startCheckout()} disabled={starting}>
        {starting ? messages.startingCheckout : messages.enrolNow}
      </Button>
      {failure !== null && (
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
