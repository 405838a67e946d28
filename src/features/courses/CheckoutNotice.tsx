import Alert from '@mui/material/Alert';
import { messages } from './messages';
import type { CheckoutOutcome } from './useCheckoutReturn';

/**
 * The notice shown when the student comes back from the hosted checkout (see `useCheckoutReturn`).
 * After a payment the course page shows it only while the enrolment is not recorded: once it is,
 * the enrolment panel's own line says 'Payment received', so one message tells the outcome.
 */
export function CheckoutNotice({ outcome, onClose }: { outcome: CheckoutOutcome | null; onClose: () => void }) {
  if (outcome === null) return null;
  return (
    <Alert severity={outcome === 'success' ? 'success' : 'info'} onClose={onClose} sx={{ mb: 3 }}>
      {outcome === 'success' ? messages.checkoutSuccess : messages.checkoutCancelled}
    </Alert>
  );
}
