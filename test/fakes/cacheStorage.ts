/**
 * A Map-based fake of the Cache Storage API (`caches`, `Cache`) for Jest, where jsdom has none:
 *
 *     const storage = installFakeCacheStorage();           // globalThis.caches (and window.caches)
 *     …  // the code under test opens caches, puts and matches responses
 *     expect(await storage.cacheNames()).toEqual(['academy-saved-chapters-7']);
 *     expect(storage.urls('academy-saved-chapters-7')).toContain('http://localhost/media/1.mp4');
 *     storage.restore();                                    // in afterEach
 *
 * It behaves as browsers do where our code can tell the difference:
 * - entries are keyed by the request's absolute URL (a relative URL is resolved against the
 *   page), GET only; `ignoreSearch` is honoured, `Vary` is not;
 * - `put` reads the whole body first (a partial 206 answer or a used body is refused with a
 *   TypeError, as Chrome does) and `match` answers a fresh Response each time, so a cached body
 *   can be read more than once;
 * - `caches.keys()` lists names in creation order; `caches.match()` searches them in that order;
 * - `failPuts(error)` makes every later `put` reject (a full disk: a `QuotaExceededError`).
 */

interface StoredEntry {
  url: string;
  method: string;
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
}

const baseUrl = () => globalThis.location?.href ?? 'http://localhost/';

const requestUrl = (request: RequestInfo | URL): string => {
  if (typeof request === 'string') return new URL(request, baseUrl()).href;
  if (request instanceof URL) return request.href;
  return new URL(request.url, baseUrl()).href;
};

const requestMethod = (request: RequestInfo | URL): string =>
  typeof request === 'string' || request instanceof URL ? 'GET' : request.method.toUpperCase();

const withoutSearch = (url: string) => {
  const parsed = new URL(url);
  parsed.search = '';
  parsed.hash = '';
  return parsed.href;
};

const withoutHash = (url: string) => {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
};

/** One cache: `put`, `match`, `matchAll`, `delete`, `keys`, `add`, `addAll`. */
export class FakeCache implements Cache {
  /** Absolute URL (without its fragment) → the stored answer. */
  readonly entries = new Map<string, StoredEntry>();

  constructor(
    readonly name: string,
    private readonly storage: FakeCacheStorage,
  ) {}

  private find(request: RequestInfo | URL, options?: CacheQueryOptions): StoredEntry[] {
    const method = requestMethod(request);
    if (method !== 'GET' && !options?.ignoreMethod) return [];
    const url = withoutHash(requestUrl(request));
    if (!options?.ignoreSearch) {
      const entry = this.entries.get(url);
      return entry ? [entry] : [];
    }
    const bare = withoutSearch(url);
    return [...this.entries.values()].filter((entry) => withoutSearch(entry.url) === bare);
  }

  private static answer(entry: StoredEntry): Response {
    return new Response(entry.body === null ? null : entry.body.slice(0), {
      status: entry.status,
      statusText: entry.statusText,
      headers: entry.headers,
    });
  }

  async match(request: RequestInfo | URL, options?: CacheQueryOptions): Promise<Response | undefined> {
    const [entry] = this.find(request, options);
    return entry ? FakeCache.answer(entry) : undefined;
  }

  async matchAll(request?: RequestInfo | URL, options?: CacheQueryOptions): Promise<readonly Response[]> {
    const entries = request === undefined ? [...this.entries.values()] : this.find(request, options);
    return entries.map((entry) => FakeCache.answer(entry));
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const method = requestMethod(request);
    if (method !== 'GET') throw new TypeError(`Cache.put: request method '${method}' is unsupported`);
    const url = withoutHash(requestUrl(request));
    if (!/^https?:$/.test(new URL(url).protocol)) throw new TypeError(`Cache.put: URL scheme of '${url}' is unsupported`);
    if (response.status === 206) throw new TypeError('Cache.put: partial response (status code 206) is unsupported');
    if (response.bodyUsed) throw new TypeError('Cache.put: response body is already used');
    const body = response.body === null ? null : await response.arrayBuffer();
    this.storage.checkPut();
    this.entries.set(url, {
      url,
      method,
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers.entries()],
      body,
    });
  }

  async add(request: RequestInfo | URL): Promise<void> {
    await this.addAll([request]);
  }

  async addAll(requests: Iterable<RequestInfo | URL>): Promise<void> {
    const answers = await Promise.all(
      [...requests].map(async (request) => {
        const response = await fetch(request instanceof URL ? request.href : request);
        if (!response.ok) throw new TypeError(`Cache.addAll: request for '${requestUrl(request)}' failed (${response.status})`);
        return [request, response] as const;
      }),
    );
    for (const [request, response] of answers) await this.put(request, response);
  }

  async delete(request: RequestInfo | URL, options?: CacheQueryOptions): Promise<boolean> {
    const found = this.find(request, options);
    for (const entry of found) this.entries.delete(entry.url);
    return found.length > 0;
  }

  async keys(request?: RequestInfo | URL, options?: CacheQueryOptions): Promise<readonly Request[]> {
    const entries = request === undefined ? [...this.entries.values()] : this.find(request, options);
    return entries.map((entry) => new Request(entry.url, { method: entry.method }));
  }

  /** The bytes stored in this cache (bodies only), as a browser would count them roughly. */
  bytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.body?.byteLength ?? 0;
    return total;
  }
}

/** The `caches` global: named caches, kept in creation order. */
export class FakeCacheStorage implements CacheStorage {
  readonly caches = new Map<string, FakeCache>();
  private putError: unknown = null;

  async open(cacheName: string): Promise<FakeCache> {
    let cache = this.caches.get(cacheName);
    if (!cache) {
      cache = new FakeCache(cacheName, this);
      this.caches.set(cacheName, cache);
    }
    return cache;
  }

  async has(cacheName: string): Promise<boolean> {
    return this.caches.has(cacheName);
  }

  async delete(cacheName: string): Promise<boolean> {
    return this.caches.delete(cacheName);
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }

  async match(request: RequestInfo | URL, options?: MultiCacheQueryOptions): Promise<Response | undefined> {
    if (options?.cacheName !== undefined) {
      return this.caches.get(options.cacheName)?.match(request, options);
    }
    for (const cache of this.caches.values()) {
      const found = await cache.match(request, options);
      if (found) return found;
    }
    return undefined;
  }

  /** Makes every later `put` reject with `error` (e.g. a QuotaExceededError); `null` lets them through again. */
  failPuts(error: unknown): void {
    this.putError = error;
  }

  /** @internal Called by FakeCache.put once the body is read. */
  checkPut(): void {
    if (this.putError !== null) throw this.putError;
  }

  /** The names of the caches, synchronously (for assertions). */
  cacheNames(): string[] {
    return [...this.caches.keys()];
  }

  /** The absolute URLs stored in one cache (empty if there is no such cache). */
  urls(cacheName: string): string[] {
    return [...(this.caches.get(cacheName)?.entries.keys() ?? [])];
  }

  /** The bytes stored in every cache (bodies only). */
  bytes(): number {
    let total = 0;
    for (const cache of this.caches.values()) total += cache.bytes();
    return total;
  }
}

export interface InstalledCacheStorage extends FakeCacheStorage {
  /** Puts back whatever `caches` was before (nothing, under jsdom). */
  restore(): void;
}

/**
 * Installs a fresh fake as `globalThis.caches` (the page's `window.caches` under jsdom and a
 * worker's `self.caches` are the same global). Call `restore()` in afterEach.
 */
export function installFakeCacheStorage(): InstalledCacheStorage {
  const storage = new FakeCacheStorage() as InstalledCacheStorage;
  const previous = Object.getOwnPropertyDescriptor(globalThis, 'caches');
  Object.defineProperty(globalThis, 'caches', { configurable: true, writable: true, value: storage });
  storage.restore = () => {
    if (previous) Object.defineProperty(globalThis, 'caches', previous);
    else delete (globalThis as { caches?: CacheStorage }).caches;
  };
  return storage;
}
