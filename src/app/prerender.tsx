/**
 * The build's prerender entry (webpack's `prerender` configuration bundles it for Node; see
 * scripts/prerender.ts): each public page that needs no data as HTML, with the critical CSS
 * Emotion collected while rendering it.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { RouteObject } from 'react-router-dom';
import { EMOTION_CACHE_KEY } from './emotionCache';
import { renderPage } from './renderPage';
import { routes } from './routes';

export { NOT_FOUND_PATH, prerenderedPages } from './prerenderedPages';

export interface PrerenderedHtml {
  html: string;
  title: string | null;
  /** `<style data-emotion="…">` tags: the page's CSS, global styles first. */
  styleTags: string;
}

export async function prerenderPage(url: string): Promise<PrerenderedHtml> {
  const cache = createCache({ key: EMOTION_CACHE_KEY });
  const emotion = createEmotionServer(cache);
  const { html, title } = await renderPage(url, (app) => <CacheProvider value={cache}>{app}</CacheProvider>);
  return { html, title, styleTags: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)) };
}

/** Every route pattern of the app (`/detail/:course_id`, `*`), for the server to tell known routes from unknown ones. */
export function routePatterns(tree: RouteObject[] = routes, parent = ''): string[] {
  return tree.flatMap((route) => {
    const own = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const here = route.path !== undefined || route.index ? [own || '/'] : [];
    return [...here, ...routePatterns(route.children ?? [], own)];
  });
}
