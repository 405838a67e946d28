import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { messages } from './messages';
import type { EnrolmentConfirmation } from './useEnrolmentConfirmation';

const texts: Record<EnrolmentConfirmation, string> = {
  waiting: messages.confirmingPayment,
  enrolled: messages.paymentConfirmed,
  pending: messages.stillConfirming,
};

/**
 * Where a payment's confirmation stands (`useEnrolmentConfirmation`), in a polite live region: a
 * screen reader hears each change (confirmed, or taking longer) without being interrupted.
 */
export function PaymentConfirmation({ confirmation, sx }: { confirmation: EnrolmentConfirmation; sx?: SxProps<Theme> }) {
  return (
    <Box sx={sx}>
      <Typography role="status" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        {confirmation === 'enrolled' ? (
          <CheckCircleIcon aria-hidden="true" sx={{ color: 'success.main', mt: '0.1em' }} />
        ) : (
          <HourglassTopIcon aria-hidden="true" sx={{ color: 'info.main', mt: '0.1em' }} />
        )}
        {texts[confirmation]}
      </Typography>
    </Box>
  );
}
