import Box from '@mui/material/Box';
import { BOTTOM_BAR_HEIGHT } from '@/components/layout/bottomBar';
import { useOnline } from './useOnline';

export const offlineMessage = 'You are offline. Showing what was saved on this device.';

/**
 * Says, while the browser has no connection, that the screens show what the device kept: a status
 * region at the end of the page, held at the bottom of the window (above a bar fixed there, the
 * areas' bar on a phone, never over it), so nothing above it moves when it fills. The region is always there (empty online): a screen reader announces a change of its
 * text, which it would not for a region that appears with its text already in it.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <Box
      role="status"
      aria-label="Connection"
      sx={online ? undefined : { position: 'sticky', bottom: `var(${BOTTOM_BAR_HEIGHT}, 0px)`, zIndex: 'appBar', px: 2, py: 1, bgcolor: 'grey.900', color: 'common.white', typography: 'body2', textAlign: 'center' }}
    >
      {online ? null : offlineMessage}
    </Box>
  );
}
