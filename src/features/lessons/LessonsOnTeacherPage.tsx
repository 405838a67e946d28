import Box from '@mui/material/Box';
import { lazy, startTransition, Suspense, useEffect, useRef, useState } from 'react';

/** Its own chunk, unnamed: a chunk's name is one more entry in the runtime, which is part of the first download. */
const BookLessons = lazy(async () => ({ default: (await import('./booking/BookLessons')).BookLessons }));

/** How far below the viewport the section starts loading, so it is there when scrolled to. */
const NEAR_VIEWPORT = '600px';

/** Runs `load` once the page is idle (or after a moment where the browser cannot say), or when `place` comes near the viewport. */
function whenIdleOrNear(place: Element, load: () => void): () => void {
  const canIdle = typeof window.requestIdleCallback === 'function';
  const idle = canIdle ? window.requestIdleCallback(load, { timeout: 3000 }) : window.setTimeout(load, 200);
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => {
          if (entries.some((entry) => entry.isIntersecting)) load();
        }, { rootMargin: NEAR_VIEWPORT })
      : null;
  observer?.observe(place);
  return () => {
    if (canIdle) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
    observer?.disconnect();
  };
}

/**
 * Where the teacher page books lessons (issue 40). The server does not know the viewer's zone, so
 * the section renders in the browser only: the server and the first client render leave an empty
 * place (hydration matches), at the end of the page so that what the section adds moves nothing
 * above it; the section's code (its own chunk, with the lessons' endpoints, dialogs and fields)
 * loads when the page is idle or the place comes near the viewport, never in the first download.
 */
export function LessonsOnTeacherPage({ teacherId }: { teacherId: number }) {
  const place = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (wanted || place.current === null) return undefined;
    // In a transition: the section's first render (its fields, 418 zones) is cut into slices the browser can interrupt.
    return whenIdleOrNear(place.current, () => startTransition(() => setWanted(true)));
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
