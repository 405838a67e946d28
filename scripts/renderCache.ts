/**
 * The render server's rendered data pages, kept to be sent again without rendering: a data page is
 * the same for every visitor until the provider's answers it was rendered from change. Each page
 * is kept with the provider calls its render made (path, status, the answer's ETag and a digest of
 * its body); before a kept page goes out again, those calls are made again — with `If-None-Match`
 * where the provider gave an ETag — and the page is sent only when every answer is the same (a
 * 304, or the same status and body). Any other answer, or a call that fails, and the page is
 * rendered anew. That holds with any provider: one without ETags is compared by body.
 *
 * Bounded: at most `entries` pages (the least recently sent go first) and each for at most
 * `maxAgeMs` (a page may show the time it was rendered at, relative dates among it). A page
 * whose render saw a 5xx answer, or made no provider call at all, is not kept.
 */
import { createHash } from 'node:crypto';
import { type ProviderCall, type RenderedDataPage } from './renderPool';

export interface RenderCacheOptions {
  /** Sends one of a kept page's calls (a path and its query) to the provider (to one of its instances). */
  fetchProvider: (pathname: string, init: RequestInit) => Promise<Response>;
  /** Pages kept at most (0: none). */
  entries: number;
  /** The longest a page is sent again after its render. */
  maxAgeMs: number;
  /** The longest one revalidating call may take. */
  callTimeoutMs: number;
}

interface Kept {
  page: RenderedDataPage;
  renderedAt: number;
}

/** The digest of an answer's body that a kept page's call is compared by. */
export function bodyDigest(body: ArrayBuffer | Buffer): string {
  return createHash('sha256').update(Buffer.from(body as ArrayBuffer)).digest('base64url');
}

export class RenderCache {
  private readonly pages = new Map<string, Kept>();

  constructor(private readonly options: RenderCacheOptions) {}

  /** The page kept for `url` if the provider still answers its calls the same; null otherwise. */
  async reusable(url: string): Promise<RenderedDataPage | null> {
    const kept = this.pages.get(url);
    if (!kept) return null;
    if (Date.now() - kept.renderedAt > this.options.maxAgeMs) {
      this.pages.delete(url);
      return null;
    }
    const unchanged = await Promise.all(kept.page.calls.map((call) => this.unchanged(call))).catch(() => [false]);
    if (unchanged.includes(false)) {
      this.pages.delete(url);
      return null;
    }
    // Most recently sent last: the first in the map is the first to go.
    this.pages.delete(url);
    this.pages.set(url, kept);
    return kept.page;
  }

  /** Keeps a page just rendered for `url`, if it can be checked again later (see the file's comment). */
  keep(url: string, page: RenderedDataPage): void {
    if (this.options.entries === 0 || page.calls.length === 0 || page.calls.some((call) => call.status >= 500)) return;
    this.pages.delete(url);
    this.pages.set(url, { page, renderedAt: Date.now() });
    for (const oldest of this.pages.keys()) {
      if (this.pages.size <= this.options.entries) break;
      this.pages.delete(oldest);
    }
  }

  private async unchanged(call: ProviderCall): Promise<boolean> {
    const answer = await this.options.fetchProvider(call.path, {
      headers: { accept: 'application/json', ...(call.etag ? { 'if-none-match': call.etag } : {}) },
      signal: AbortSignal.timeout(this.options.callTimeoutMs),
    });
    if (answer.status === 304 && call.etag) return true;
    return answer.status === call.status && bodyDigest(await answer.arrayBuffer()) === call.digest;
  }
}
