import { useState } from 'react';
import { isLanguageTag, type LanguageTag } from '@/components/courseLanguage';

const storageKey = (conversation: string) => `messageLanguage:${conversation}`;

function readStored(conversation: string): LanguageTag | '' {
  try {
    const stored = window.localStorage.getItem(storageKey(conversation));
    return isLanguageTag(stored) ? stored : '';
  } catch {
    return '';
  }
}

/**
 * The language the person writes in, in one conversation (`conversation` names it, e.g.
 * 'teacher:1-5'), remembered in this browser so that it is preselected the next time; '' for
 * none (the message inherits the page's English).
 */
export function useMessageLanguage(conversation: string): [LanguageTag | '', (language: LanguageTag | '') => void] {
  const [language, setLanguage] = useState<LanguageTag | ''>(() => readStored(conversation));
  function choose(next: LanguageTag | '') {
    setLanguage(next);
    try {
      if (next === '') window.localStorage.removeItem(storageKey(conversation));
      else window.localStorage.setItem(storageKey(conversation), next);
    } catch {
      // Storage refused (private mode, quota): the choice holds for this conversation's dialog only.
    }
  }
  return [language, choose];
}
