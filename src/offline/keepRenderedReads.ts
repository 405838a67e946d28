let kept = false;

/**
 * A student's page the server rendered with their session (decision 0041) brought its reads in
 * the HTML, not through the service worker: once it has hydrated, the reads its render made
 * (`#student-reads`, scripts/pageDocument.ts) are asked again through the worker, which keeps them
 * for the student offline as it keeps every screen's. Plain requests, each started in a task of its
 * own but all in flight together (asked one after another, a student who left the page within a
 * second kept only some): the store is not touched (a refetch through it re-rendered every screen
 * that reads them, 0.9 s of long tasks at 4× CPU). Once per page load; nothing without a worker in
 * control.
 */
export async function keepRenderedReads(): Promise<void> {
  const listed = document.getElementById('student-reads')?.textContent;
  if (kept || !listed || !navigator.serviceWorker?.controller) return;
  kept = true;
  await Promise.all(
    (JSON.parse(listed) as string[]).map(async (path) => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      // Read to the end, so the worker's copy is whole; a failure only means no copy this time.
      await fetch(path, { credentials: 'include', headers: { accept: 'application/json' } })
        .then((answer) => answer.arrayBuffer())
        .catch(() => undefined);
    }),
  );
}
