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

/**
 * The screen's h1 (and document title); the whole screen for routes still to be built. With
 * `headingRef` the heading can take the focus (e.g. after the row that had it was deleted).
 */
export function PageHeading({
  title,
  children,
  headingRef,
}: {
  title: string;
  children?: React.ReactNode;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  useDocumentTitle(title);
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h1" gutterBottom ref={headingRef} tabIndex={headingRef ? -1 : undefined} sx={headingRef ? { outline: 'none' } : undefined}>
        {title}
      </Typography>
      {children}
    </Container>
  );
}
