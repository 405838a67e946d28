import { PRERENDERED_ATTRIBUTE } from '@/components/layout/prerenderedMark';
import type { SessionState } from '@/features/session/sessionState';
import { theme } from './theme';

/**
 * Whether a student's page the server rendered (decision 0041) may be hydrated: it names this
 * browser's student, and it was laid out for the window's width (`data-compact`). If not (a session
 * this browser no longer holds, which the boot script kept hidden, or another layout), the page is
 * dropped, data and all, for the screen to be rendered from scratch. In the student area's chunk:
 * only such a page loads it, and its boot script has preloaded that chunk.
 */
export function keepsStudentPage(container: HTMLElement, student: SessionState): boolean {
  const compact = typeof matchMedia === 'function' && matchMedia(theme.breakpoints.down('md').replace('@media', '')).matches;
  if (String(student.id) === container.getAttribute('data-student') && container.getAttribute('data-compact') === (compact ? '1' : '0')) return true;
  container.removeAttribute(PRERENDERED_ATTRIBUTE);
  container.replaceChildren();
  document.documentElement.hidden = false;
  return false;
}
