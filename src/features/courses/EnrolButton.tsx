import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { errorText, useCreatePaymentSessionMutation, useEnrollCourseMutation } from '@/api';
import { ServerMessage } from '@/components/ServerMessage';
import { CheckoutError, redirectToCheckoutUrl, redirectToStripeCheckout } from './checkout';
import { rememberCheckout } from './checkoutMemory';
import { takeEnrolIntent } from './enrolIntent';
import { messages } from './messages';

export interface EnrolButtonProps {
  courseId: number;
  studentId: number;
  /** A free course is enrolled in at once (`enrollCourse`); a paid one through the card checkout. */
  free: boolean;
  /** Called once a free enrolment has been recorded: the caller says so (the button is gone by then). */
  onEnrolled?: () => void;
}

/**
 * 'Enroll Now': enrols in a free course straight away, or opens a payment session and sends the
 * student to its hosted checkout, remembering the course for the page the student comes back to.
 * Shown to a student who set out to enrol here before logging in (enrolIntent), it does so at once.
 */
export function EnrolButton({ courseId, studentId, free, onEnrolled }: EnrolButtonProps) {
  const [createPaymentSession] = useCreatePaymentSessionMutation();
  const [enrollCourse] = useEnrollCourseMutation();
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function enrolForFree() {
    try {
      await enrollCourse({ enrollCourseForm: { course: courseId, student: studentId } }).unwrap();
      // No toast: the panel's line says 'You are now enrolled in this course.' and takes the focus.
      onEnrolled?.();
    } catch (error) {
      setFailure(errorText(error, messages.enrolFreeFailed));
    }
  }

  async function startCheckout() {
    rememberCheckout(courseId);
    try {
      const session = await createPaymentSession({ paymentSessionForm: { course_id: courseId, student_id: studentId } }).unwrap();
      rememberCheckout(courseId, session.session_id);
      if (session.url) redirectToCheckoutUrl(session.url);
      else await redirectToStripeCheckout(session.session_id);
    } catch (error) {
      setFailure(error instanceof CheckoutError ? error.message : errorText(error, messages.enrolFailed));
    }
  }

  async function enrol() {
    setStarting(true);
    setFailure(null);
    await (free ? enrolForFree() : startCheckout());
    setStarting(false);
  }

  // A student back from the login (or registration) to enrol here: the enrolment goes on by itself, once.
  const continued = useRef(false);
  useEffect(() => {
    if (continued.current || !takeEnrolIntent(courseId)) return;
    continued.current = true;
    void enrol();
    // On the first showing only: enrol() of that render is the one wanted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [courseId]);

  const busyLabel = free ? messages.enrolling : messages.startingCheckout;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Button variant="contained" size="large" onClick={() => void enrol()} disabled={starting}>
        {starting ? busyLabel : messages.enrolNow}
      </Button>
      {failure !== null && (
        <ServerMessage tone="error">{failure}</ServerMessage>
      )}
    </Stack>
  );
}
