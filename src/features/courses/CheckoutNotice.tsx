import Alert from '@mui/material/Alert';
import { messages } from './messages';
import type { CheckoutOutcome } from './useCheckoutReturn';
import type { EnrolmentConfirmation } from './useEnrolmentConfirmation';

/**
 * The notice shown when the student comes back from the hosted checkout (see `useCheckoutReturn`).
 * After a payment the address proves nothing: while the provider has not recorded the enrolment
 * (`confirmation`, read every 2 s) the notice says the payment is being confirmed, in a polite
 * live region, and after a minute that it still is and the course will appear under My Courses.
 * Once recorded the enrolment panel's own line says 'Payment received', so one message tells it.
 */
export function CheckoutNotice({
  outcome,
  confirmation,
  onClose,
}: {
  outcome: CheckoutOutcome | null;
  confirmation: EnrolmentConfirmation;
  onClose: () => void;
}) {
  if (outcome === null) return null;
  if (outcome === 'cancel') {
    return (
      <Alert severity="info" onClose={onClose} sx={{ mb: 3 }}>
        {messages.checkoutCancelled}
      </Alert>
    );
  }
  if (confirmation === 'enrolled') return null;
  return (
    <Alert severity="info" role="status" onClose={confirmation === 'pending' ? onClose : undefined} sx={{ mb: 3 }}>
      {confirmation === 'waiting' ? messages.confirmingPayment : messages.stillConfirming}
    </Alert>
  );
}
