import { useEffect, useState } from 'react';

/** Whose draft: the side and id of the person writing it. */
export interface DraftOwner {
  side: 'student' | 'teacher';
  id: number;
}

const PREFIX = 'draft:';

/**
 * The storage key of a draft: its owner, then what it is written for (`assignment:21`,
 * `conversation:4-7`), so one person's drafts are never read for another.
 */
export function draftKey(owner: DraftOwner, scope: string): string {
  return `${PREFIX}${owner.side}:${owner.id}:${scope}`;
}

function read(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function write(key: string, text: string): void {
  try {
    if (text === '') window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, text);
  } catch {
    // Storage refused (private mode, quota): the draft holds while the screen is open only.
  }
}

/** Removes the drafts of `side` on this device (its person logs out). */
export function forgetDrafts(side: DraftOwner['side']): void {
  removeDraftsWhere((key) => key.startsWith(`${PREFIX}${side}:`));
}

/**
 * Removes every draft on this device but those of the people now logged in (`null`: nobody on
 * that side): at each change of who uses the app, so a draft never outlives its owner's session.
 */
export function forgetDraftsOtherThan(viewer: { studentId: number | null; teacherId: number | null }): void {
  // A side with nobody logged in keeps nothing: no key holds 'null' as an id.
  const keep = [`${PREFIX}student:${viewer.studentId}:`, `${PREFIX}teacher:${viewer.teacherId}:`];
  removeDraftsWhere((key) => !keep.some((prefix) => key.startsWith(prefix)));
}

function removeDraftsWhere(goes: (key: string) => boolean): void {
  try {
    for (const key of Object.keys(window.localStorage)) if (key.startsWith(PREFIX) && goes(key)) window.localStorage.removeItem(key);
  } catch {
    // Storage unreadable: nothing was kept there either.
  }
}

/**
 * A text being written, kept on this device under `key` (see {@link draftKey}) as it is typed, so
 * that leaving the screen (Back, a reload) and coming back finds it. `null` keeps nothing (nobody
 * logged in). `clear` (after sending) removes the draft. `initial` (the text already sent, when
 * changing it) is used when there is none, and is no draft.
 */
export function useDraft(key: string | null, initial = ''): [string, (text: string) => void, () => void] {
  const [text, setText] = useState(() => (key === null ? '' : read(key)) || initial);
  const [shownKey, setShownKey] = useState(key);
  if (key !== shownKey) {
    // Another assignment or conversation in the same screen: its own draft.
    setShownKey(key);
    setText((key === null ? '' : read(key)) || initial);
  }
  useEffect(() => {
    if (key !== null) write(key, text === initial ? '' : text);
  }, [key, text, initial]);
  /** Forgets the draft at once (it was sent), even if the screen closes before it renders again. */
  const clear = () => {
    if (key !== null) write(key, '');
    setText('');
  };
  return [text, setText, clear];
}
