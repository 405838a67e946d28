import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useContext, useEffect } from 'react';
import { academy } from '@/content/academy';
import { DocumentTitleSink } from './documentTitle';

/** Sets the document title to the screen's name ('{name} — Language Academy'); null leaves it alone. */
export function useDocumentTitle(title: string | null) {
  const documentTitle = title === null ? null : `${title} — ${academy.name}`;
  // Prerendering runs no effects: the page's <title> is written from this.
  const prerenderSink = useContext(DocumentTitleSink);
  if (prerenderSink && documentTitle !== null) prerenderSink(documentTitle);
  useEffect(() => {
    if (documentTitle !== null) document.title = documentTitle;
  }, [documentTitle]);
}

/**
 * The screen's h1 (and document title); the whole screen for routes still to be built. The
 * heading can take the focus (tabIndex -1, out of the Tab order): after a navigation
 * (`useNavigationFocus`) and, through `headingRef`, when a screen sends it there (e.g. after
 * the row that had it was deleted). Its ring is the theme's `:focus-visible` one, so it shows
 * when the focus came there by keyboard (Enter on a link) and not after a click. `heading` is what
 * the h1 shows when it needs more than text (a part in the learning language, with its `lang`);
 * the document title stays `title`.
 */
export function PageHeading({
  title,
  heading,
  children,
  headingRef,
}: {
  title: string;
  heading?: React.ReactNode;
  children?: React.ReactNode;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  useDocumentTitle(title);
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h1" gutterBottom ref={headingRef} tabIndex={-1}>
        {heading ?? title}
      </Typography>
      {children}
    </Container>
  );
}
