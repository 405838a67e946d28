import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A section of the home page under its h2 heading, named by that heading. */
export function HomeSection({ title, children, tinted = false }: { title: string; children: ReactNode; tinted?: boolean }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ py: { xs: 5, md: 7 }, bgcolor: tinted ? 'background.paper' : undefined }}>
      <Container>
        <Typography variant="h2" id={headingId} sx={{ mb: 3 }}>
          {title}
        </Typography>
        {children}
      </Container>
    </Box>
  );
}
