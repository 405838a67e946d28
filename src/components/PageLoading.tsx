import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/**
 * A thin indeterminate bar across the top while a route's code loads: what MUI's LinearProgress
 * shows, in a few lines of CSS instead of a component in every first load.
 */
export function PageLoading({ label }: { label: string }) {
  return (
    <Box role="progressbar" aria-label={label} sx={{ height: 4, overflow: 'hidden', bgcolor: 'rgba(11, 93, 75, 0.2)' }}>
      <Box
        sx={{
          width: '40%',
          height: '100%',
          bgcolor: 'primary.main',
          animation: `${slide} 1.2s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%' },
        }}
      />
    </Box>
  );
}
