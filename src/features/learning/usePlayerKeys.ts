import { type RefObject, useEffect, useEffectEvent } from 'react';
import { learningMessages as messages } from './messages';

/** How far ← and → move the video. */
export const SEEK_STEP_S = 5;

/** A field the student types in, or a widget with keys of its own. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(target.type);
  // Dialogs, menus and lists have keys of their own (type-ahead, arrows).
  return target.closest('[role="dialog"], [role="menu"], [role="listbox"], [role="textbox"], [role="combobox"], [role="slider"]') !== null;
}

/** A control Space activates (a button, a link, a disclosure): Space is left to it. */
function activatesOnSpace(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('button, a[href], summary, input, [role="button"], [role="link"], [role="checkbox"], [role="tab"], [role="menuitem"]') !== null;
}

export interface PlayerKeyActions {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** Says what a key did, in the page's polite live region. */
  announce: (text: string) => void;
  onNext: (() => void) | null;
  onPrevious: (() => void) | null;
  /** R: replay the sentence being heard; L: loop it, or stop the loop (issue 39). */
  onRepeat?: () => void;
  onLoop?: () => void;
}

/**
 * The lesson player's keys, anywhere on the page except while typing in a field and never with
 * Ctrl, Alt or Meta: Space plays or pauses (unless a button or link has the focus: Space is
 * theirs), ← and → seek 5 seconds, N and P open the next and previous chapter, R repeats the
 * sentence and L loops it (or stops the loop). Each is announced.
 * On the video itself the browser's own key handling is replaced by these, so a key does one thing.
 */
export function usePlayerKeys({ videoRef, announce, onNext, onPrevious, onRepeat, onLoop }: PlayerKeyActions) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || isTyping(event.target)) return;
    const video = videoRef.current;
    switch (event.key) {
      case ' ':
      case 'Spacebar': {
        if (video === null || (event.target !== video && activatesOnSpace(event.target))) return;
        event.preventDefault();
        if (video.paused || video.ended) {
          announce(messages.playing);
          void Promise.resolve(video.play()).catch(() => undefined);
        } else {
          video.pause();
          announce(messages.paused);
        }
        return;
      }
      case 'ArrowRight':
      case 'ArrowLeft': {
        if (video === null || event.shiftKey) return;
        event.preventDefault();
        const forward = event.key === 'ArrowRight';
        const end = Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY;
        video.currentTime = Math.max(0, Math.min(end, video.currentTime + (forward ? SEEK_STEP_S : -SEEK_STEP_S)));
        announce(forward ? messages.forward : messages.back);
        return;
      }
      case 'n':
      case 'N':
        if (onNext === null) return;
        event.preventDefault();
        onNext();
        return;
      case 'p':
      case 'P':
        if (onPrevious === null) return;
        event.preventDefault();
        onPrevious();
        return;
      case 'r':
      case 'R':
        if (onRepeat === undefined || video === null) return;
        event.preventDefault();
        onRepeat();
        return;
      case 'l':
      case 'L':
        if (onLoop === undefined || video === null) return;
        event.preventDefault();
        onLoop();
        return;
      default:
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
