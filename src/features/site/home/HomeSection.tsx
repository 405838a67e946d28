import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { belowTheFold } from '@/components/belowTheFold';

/**
 * A section of the home page under its h2 heading, named by that heading. Every one is below the
 * hero on a phone: `heights` are its usual heights (phone, wide window) until it is scrolled near.
 */
export function HomeSection({
  title,
  heights,
  children,
  tinted = false,
}: {
  title: string;
  heights: readonly [phone: number, wide: number];
  children: ReactNode;
  tinted?: boolean;
}) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ py: { xs: 5, md: 7 }, bgcolor: tinted ? 'background.paper' : undefined, ...belowTheFold(...heights) }}
    >
      <Container>
        <Typography variant="h2" id={headingId} sx={{ mb: 3 }}>
          {title}
        </Typography>
        {children}
      </Container>
    </Box>
  );
}
