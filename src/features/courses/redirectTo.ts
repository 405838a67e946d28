/** Sends the browser to another page (kept in its own module so tests can replace it). */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
