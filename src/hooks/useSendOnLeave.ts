import { useEffect, useEffectEvent } from 'react';

/**
 * Sends what a screen holds back (a mark waiting out its Undo, where a chapter's video stopped)
 * when the reader leaves it: when the page is hidden (`visibilitychange` to hidden: another tab,
 * a locked phone, often the last moment a mobile browser gives), when it is left (`pagehide`), and
 * when the component unmounts (leaving the screen inside the app; the other effects' cleanups,
 * declared before this hook, have run by then). `send` is the latest render's, read at that moment;
 * the requests it makes should be `keepalive` to outlive the page.
 */
export function useSendOnLeave(send: () => void): void {
  const sendNow = useEffectEvent(() => send());
  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') sendNow();
    };
    const onPageHide = () => sendNow();
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', onPageHide);
      sendNow();
    };
  }, []);
}
