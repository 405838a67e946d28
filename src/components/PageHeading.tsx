import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { academy } from '@/content/academy';

/** Sets the document title to the screen's name. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | ${academy.name}`;
  }, [title]);
}

/** The screen's h1 (and document title); the whole screen for routes still to be built. */
export function PageHeading({ title, children }: { title: string; children?: React.ReactNode }) {
  useDocumentTitle(title);
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </Container>
  );
}
