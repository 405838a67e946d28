/**
 * Gives the main thread back to the browser and resolves in a task of its own: `scheduler.yield()`
 * where there is one (Chromium: the continuation goes before other queued tasks), else a
 * `setTimeout(0)`. Between two long pieces of start-up work, a tap or a frame then waits for one
 * piece at most instead of all of them (no task over 100 ms at 4× CPU; docs/performance.md).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
