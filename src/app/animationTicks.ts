/**
 * Keeps the skeletons' pulse from reaching React. A pulsing skeleton ends an iteration of its
 * animation every 2 s, and React, which listens for every event at its root, handled each one: a
 * home page still loading its courses sent about 50 in 10 s, some of them 5–25 ms at 4× CPU (one
 * made React hydrate the part of the page it was in at once). No screen listens for them, so they
 * stop at the window, before the root, for the page's whole life.
 */
export function stopAnimationTicks(target: Window = window): void {
  target.addEventListener('animationiteration', (event) => event.stopImmediatePropagation(), { capture: true });
}
