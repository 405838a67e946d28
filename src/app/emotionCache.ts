import createCache from '@emotion/cache';

/** Emotion's default key: the prerendered `<style data-emotion="css …">` tags are adopted by this cache. */
export const EMOTION_CACHE_KEY = 'css';

/** The browser's Emotion cache, the same the prerender step renders with. */
export function createEmotionCache() {
  return createCache({ key: EMOTION_CACHE_KEY });
}
