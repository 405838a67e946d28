import Box from '@mui/material/Box';
import { lazy, startTransition, Suspense, useEffect, useRef, useState } from 'react';

/** Its own chunk, unnamed: a chunk's name is one more entry in the runtime, which is part of the first download. */
const BookLessons = lazy(async () => ({ default: (await import('./booking/BookLessons')).BookLessons }));

/** How far below the viewport the section starts loading (about a phone's screen), so it is there when scrolled to. */
const NEAR_VIEWPORT = '900px';

/**
 * Runs `load` once, when `place` comes near the viewport or is above it; where the browser cannot
 * say (no IntersectionObserver), after a moment.
 */
function whenNear(place: Element, load: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') {
    const timer = window.setTimeout(load, 200);
    return () => window.clearTimeout(timer);
  }
  const observer = new IntersectionObserver(
    (entries) => {
      // Near, or already scrolled past (a visitor who went straight to the footer).
      if (!entries.some((entry) => entry.isIntersecting || entry.boundingClientRect.top < 0)) return;
      observer.disconnect();
      load();
    },
    { rootMargin: `0px 0px ${NEAR_VIEWPORT} 0px` },
  );
  observer.observe(place);
  return () => observer.disconnect();
}

/**
 * Where the teacher page books lessons (issue 40). The server does not know the viewer's zone, so
 * the section renders in the browser only: the server and the first client render leave an empty
 * place (hydration matches), at the end of the page so that what the section adds moves nothing
 * above it. The section's code (its own chunk, with the lessons' endpoints, dialogs and fields)
 * loads, and its reads start, when the place comes near the viewport: a visitor who reads the
 * profile and leaves, or taps a course, never pays for it (at 4× CPU its evaluation, reads and
 * first render were tasks of 85–190 ms while the page had just become interactive).
 */
export function LessonsOnTeacherPage({ teacherId }: { teacherId: number }) {
  const place = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (wanted || place.current === null) return undefined;
    // In a transition: the section's first render (its fields, 418 zones) is cut into slices the browser can interrupt.
    return whenNear(place.current, () => startTransition(() => setWanted(true)));
  }, [wanted]);

  return (
    <Box ref={place}>
      {wanted ? (
        <Suspense fallback={null}>
          <BookLessons teacherId={teacherId} />
        </Suspense>
      ) : null}
    </Box>
  );
}
