/**
 * The render server's pool of worker threads for the data pages: piscina runs the threads
 * (scripts/renderWorker.cjs, each warmed up before it takes pages), queues the pages, stops a
 * render whose AbortSignal fires (by terminating its thread), fails the page of a thread that died,
 * and starts threads, up to `workers`, when pages need them. What is ours, on top of it:
 * - every page has a deadline (`timeoutMs` from its request); at it, the page is aborted: taken out
 *   of the queue, or its thread terminated and replaced. A page whose visitor leaves is taken out
 *   of the queue, but left to finish once it renders (terminating a thread for every closed
 *   connection would let anyone make the server reload its bundle). A page picked up with less time
 *   left than its deadline allows for a render is not rendered (the thread checks `startBy`);
 * - a page is refused at once (the shell goes out) when the pages in flight fill the workers and
 *   the queue (piscina's `maxQueue` does not count pages that carry an AbortSignal, so the bound is
 *   ours), or the pages ahead of it would take it past its deadline (counted in typical renders);
 * - back-off per address: a page whose render ran past its deadline or killed its thread costs its
 *   address a pause in which its data pages get the shell unrendered: 1 s, doubling with each such
 *   page up to 60 s, forgotten 10 minutes after the last one (a render in time does not end it:
 *   alternating a slow page with a cheap one no longer resets anything);
 * - a cap on thread restarts over any rolling minute: each page in flight may end in one, so a page
 *   is refused while the restarts of the last 60 s plus the pages in flight have reached it. A
 *   thread costs about 2 s of CPU to start and warm up; the cap bounds what all addresses together
 *   can make the server spend on that. A thread that was terminated or died is replaced at once
 *   (while the cap is not passed; else by the next page let through).
 * A refused or dropped page rejects its promise with a RenderDropped at once; the server then
 * sends the shell.
 */
import { Piscina } from 'piscina';

/** One provider call a render made, as scripts/renderCache.ts checks it again. */
export interface ProviderCall {
  /** Path and query on the provider, e.g. `/api/course/1`. */
  path: string;
  status: number;
  etag: string | null;
  /** `bodyDigest` (renderCache.ts) of the answer's body. */
  digest: string;
}

/** A data page as the render worker (scripts/renderWorker.cjs) renders it. */
export interface RenderedDataPage {
  html: string;
  title: string | null;
  styleTags: string;
  status: number;
  apiState: unknown;
  apiStateElementId: string;
  /** The provider calls the render made, in order. */
  calls: ProviderCall[];
  /** A student's page: the student it was rendered for. */
  studentId?: number;
}

export interface RenderPoolOptions {
  /** The worker's script (scripts/renderWorker.cjs) and its workerData. */
  script: string;
  workerData: unknown;
  /** The workers' environment. */
  env?: NodeJS.ProcessEnv;
  /** Worker threads, each rendering one page at a time (at least 1). */
  workers: number;
  /** Pages that may wait for a worker (0: none wait). */
  queueLimit: number;
  /** A page not rendered within this many ms of being asked for is dropped. */
  timeoutMs: number;
  /** Thread restarts allowed over any 60 s, counting the pages in flight (at least 1). */
  restartsPerMinute: number;
  /** Where the pool says that a worker was stopped or died (default console.error). */
  log?: (message: string) => void;
}

/** What became of the pages asked for since the pool started. */
export interface RenderPoolStats {
  /** Rendered in time. */
  rendered: number;
  /** The render itself failed (the bundle threw: a provider call failed, a bug). */
  failed: number;
  /** Refused at once: the queue was full, the pages ahead would take too long, or the restart cap was reached. */
  refused: number;
  /** Refused at once: their address was backing off after a page of its ran past its deadline or killed its thread. */
  backedOff: number;
  /** Not rendered: their time ran out while they waited. */
  expiredWaiting: number;
  /** Running at their deadline: their worker was terminated and replaced. */
  cancelled: number;
  /** Their worker died while rendering them. */
  crashed: number;
  /** Given up by the caller (the visitor went away) while they waited. */
  abandoned: number;
  /** Workers started (warmed up and taking pages), the first ones and every replacement. */
  workersStarted: number;
  /** Workers terminated at a deadline or dead, each replaced (counted against the restart cap). */
  restarts: number;
}

/** Why a page got the shell instead of its render (the promise's rejection). */
export class RenderDropped extends Error {
  constructor(
    message: string,
    readonly reason: 'refused' | 'backedOff' | 'expiredWaiting' | 'cancelled' | 'crashed' | 'abandoned' | 'closed',
  ) {
    super(message);
    this.name = 'RenderDropped';
  }
}

type Reply = { page: RenderedDataPage; ms: number } | { error: string } | { late: true };

interface Page {
  /** performance.now() when a thread started rendering it (its `started` message); 0 while it waits. */
  startedAt: number;
}

interface Strikes {
  count: number;
  /** Date.now() until which the address's pages are not rendered. */
  until: number;
  last: number;
}

const MINUTE_MS = 60_000;
const FIRST_PAUSE_MS = 1000;
const LONGEST_PAUSE_MS = 60_000;
const STRIKES_FORGOTTEN_MS = 10 * MINUTE_MS;

export class RenderPool {
  private readonly pool: Piscina;
  private readonly log: (message: string) => void;
  private readonly inFlight = new Map<number, Page>();
  private readonly strikes = new Map<string, Strikes>();
  /** performance.now() of each thread restart in the last minute. */
  private restarts: number[] = [];
  private nextId = 0;
  private closed = false;
  /** A running average of how long renders take (ms), 0 until the first one. */
  private typicalMs = 0;
  private readonly counts: RenderPoolStats;

  constructor(private readonly options: RenderPoolOptions) {
    if (!Number.isInteger(options.workers) || options.workers < 1) throw new Error(`A render pool needs at least one worker, not ${options.workers}.`);
    this.log = options.log ?? ((message) => console.error(message));
    this.counts = { rendered: 0, failed: 0, refused: 0, backedOff: 0, expiredWaiting: 0, cancelled: 0, crashed: 0, abandoned: 0, workersStarted: 0, restarts: 0 };
    this.pool = new Piscina({
      filename: options.script,
      workerData: options.workerData,
      env: options.env,
      // No minimum: piscina would mark the first threads ready before they have loaded the bundle
      // (a page aborted there would kill a thread warming up), and would replace a terminated thread
      // at once. Threads are started when pages need them, up to `workers`, and kept.
      minThreads: 0,
      maxThreads: options.workers,
      idleTimeout: Infinity,
      concurrentTasksPerWorker: 1,
      // Pages that wait keep their order (piscina otherwise puts one it could not place at the back).
      stricterFIFO: true,
    });
    this.pool.on('workerCreate', () => {
      this.counts.workersStarted += 1;
    });
    // piscina terminates a thread whose page was aborted or that died; another starts in its place
    // unless the restarts of the last minute are over the cap (then the next page admitted starts it).
    this.pool.on('workerDestroy', () => {
      if (this.closed) return;
      this.restarts.push(performance.now());
      this.counts.restarts += 1;
      setImmediate(() => {
        if (!this.closed && this.pool.threads.length < options.workers && this.recentRestarts() <= options.restartsPerMinute) this.startThread();
      });
    });
    this.pool.on('message', (message: { started?: number }) => {
      const page = message.started === undefined ? undefined : this.inFlight.get(message.started);
      if (page) page.startedAt = performance.now();
    });
    this.pool.on('error', (error: Error) => this.log(`A render worker failed before it took pages: ${error.message}`));
    for (let index = 0; index < options.workers; index += 1) this.startThread();
  }

  /** Has piscina start a thread now (none is free), with an empty task it answers once warmed up. */
  private startThread(): void {
    this.pool.run(null).catch(() => undefined);
  }

  /** Thread restarts in the last 60 s. */
  private recentRestarts(): number {
    const now = performance.now();
    this.restarts = this.restarts.filter((at) => at > now - MINUTE_MS);
    return this.restarts.length;
  }

  stats(): RenderPoolStats {
    return { ...this.counts };
  }

  /**
   * Renders `url` for a visitor at `address` (an IP address or network), within `timeoutMs` from
   * now; rejects with a RenderDropped at once when it cannot (see the file's comment). `signal`: the
   * visitor has gone, so a page still waiting is taken out of the queue. `student`: the
   * value of the visitor's `student_session` cookie, for a student's page (`studentPages`, decision
   * 0041), rendered as that student with it on its provider calls, laid out for a narrow window when `compact`.
   */
  render(url: string, origin: string, address: string, signal?: AbortSignal, student?: { session: string; compact: boolean }): Promise<RenderedDataPage> {
    const refusal = this.refusal(address);
    if (refusal) {
      if (refusal.reason !== 'closed') this.counts[refusal.reason] += 1;
      return Promise.reject(new RenderDropped(`${url}: ${refusal.why}`, refusal.reason));
    }
    const id = (this.nextId += 1);
    const page: Page = { startedAt: 0 };
    this.inFlight.set(id, page);
    const abort = new AbortController();
    return new Promise<RenderedDataPage>((resolve, reject) => {
      let settled = false;
      const settle = (outcome: Error | RenderedDataPage) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        signal?.removeEventListener('abort', abandon);
        this.inFlight.delete(id);
        if (outcome instanceof Error) {
          if (outcome instanceof RenderDropped && outcome.reason !== 'closed') this.counts[outcome.reason] += 1;
          reject(outcome);
        } else {
          resolve(outcome);
        }
      };
      const deadline = setTimeout(() => {
        const running = page.startedAt > 0;
        if (running) this.noteRenderTime(performance.now() - page.startedAt);
        abort.abort();
        if (running) {
          this.strike(address);
          settle(new RenderDropped(`${url}: rendering took over ${this.options.timeoutMs} ms; the render was stopped`, 'cancelled'));
        } else {
          settle(new RenderDropped(`${url}: waited ${this.options.timeoutMs} ms for a render worker`, 'expiredWaiting'));
        }
      }, this.options.timeoutMs);
      deadline.unref();
      const abandon = () => {
        if (page.startedAt > 0) return;
        abort.abort();
        settle(new RenderDropped(`${url}: the visitor went away while it waited`, 'abandoned'));
      };
      signal?.addEventListener('abort', abandon, { once: true });
      // Too late to start once less time is left than a typical render (at most half the deadline).
      const startBy = Date.now() + this.options.timeoutMs - Math.min(this.typicalMs, this.options.timeoutMs / 2);
      this.pool.run({ id, url, origin, startBy, studentSession: student?.session, compact: student?.compact }, { signal: abort.signal }).then(
        (reply: Reply) => {
          if ('page' in reply) {
            this.noteRenderTime(reply.ms);
            this.counts.rendered += 1;
            settle(reply.page);
          } else if ('error' in reply) {
            this.counts.failed += 1;
            settle(new Error(reply.error));
          } else {
            settle(new RenderDropped(`${url}: too little time was left when a worker was free`, 'expiredWaiting'));
          }
        },
        (error: Error) => {
          if (settled || abort.signal.aborted) return;
          if (this.closed) {
            settle(new RenderDropped('the render pool is closed', 'closed'));
            return;
          }
          this.log(`A render worker stopped (${error.message}) while rendering ${url}: a new one is started.`);
          this.strike(address);
          settle(new RenderDropped(`${url}: the render worker stopped (${error.message}) while rendering it`, 'crashed'));
        },
      );
    });
  }

  /** Terminates every worker; pages not rendered yet are dropped. */
  async close(): Promise<void> {
    this.closed = true;
    await this.pool.destroy();
  }

  /** Why a page for `address` is not even tried, if it is not. */
  private refusal(address: string): { reason: 'refused' | 'backedOff' | 'closed'; why: string } | null {
    if (this.closed) return { reason: 'closed', why: 'the render pool is closed' };
    const backOff = this.strikes.get(address);
    if (backOff && backOff.until > Date.now()) {
      return { reason: 'backedOff', why: `${address} backs off for ${Math.ceil((backOff.until - Date.now()) / 1000)} s after ${backOff.count} pages past their deadline` };
    }
    const restarts = this.recentRestarts();
    if (restarts + this.inFlight.size >= this.options.restartsPerMinute) {
      return { reason: 'refused', why: `${restarts} render workers were restarted in the last minute, with ${this.inFlight.size} pages in flight` };
    }
    const { workers, queueLimit, timeoutMs } = this.options;
    if (this.inFlight.size >= workers + queueLimit) return { reason: 'refused', why: 'the render queue is full' };
    // Pages ahead of it, taken a worker at a time, then its own render: typical renders each.
    const expectedMs = (Math.ceil((this.inFlight.size + 1 - workers) / workers) + 1) * this.typicalMs;
    if (this.inFlight.size >= workers && expectedMs >= timeoutMs) {
      return { reason: 'refused', why: `it would wait past its deadline (about ${Math.round(expectedMs)} ms with ${this.inFlight.size} pages in flight)` };
    }
    return null;
  }

  /** A page of `address` ran past its deadline or killed its thread: its address backs off. */
  private strike(address: string): void {
    const now = Date.now();
    const previous = this.strikes.get(address);
    const count = previous && now - previous.last < STRIKES_FORGOTTEN_MS ? previous.count + 1 : 1;
    const pauseMs = Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (count - 1));
    this.strikes.delete(address);
    this.strikes.set(address, { count, until: now + pauseMs, last: now });
    this.log(`${address}: ${count} data pages past their deadline or fatal to their worker: its pages get the shell for ${pauseMs / 1000} s.`);
    // Forget addresses whose last strike is old (the map is in order of last strike).
    for (const [key, entry] of this.strikes) {
      if (now - entry.last < STRIKES_FORGOTTEN_MS) break;
      this.strikes.delete(key);
    }
  }

  /** A running average of how long renders take (ms). */
  private noteRenderTime(ms: number): void {
    this.typicalMs = this.typicalMs === 0 ? ms : this.typicalMs * 0.9 + ms * 0.1;
  }
}
