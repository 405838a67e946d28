/**
 * The render server's pool of worker threads (scripts/renderWorker.cjs) for the data pages: each
 * worker renders one page at a time; pages wait for a worker in a bounded queue; every page has a
 * deadline, and a page that cannot make it is dropped, never finished for nobody:
 * - the queue is full, the pages ahead of it would take it past its deadline (counted in typical
 *   renders), or no worker is running (each failed to start, or rests: below): refused at once;
 * - its deadline passes in the queue, or the time it has left when a worker is free is less than a
 *   typical render: taken out of the queue unrendered;
 * - its deadline passes while it renders: its worker is terminated (a render cannot be interrupted
 *   otherwise) and a fresh one started in its place; after two such renders in a row on one worker
 *   the new one starts only after a pause (1 s, doubling up to 30 s; a render in time ends the
 *   row), so that a machine too busy to render in time is not made busier by worker starts;
 * - its worker dies (a crash, `process.exit`): it fails, and the worker is replaced.
 * A refused or dropped page rejects its promise at once; the server then sends the shell.
 *
 * A worker takes pages once it says it is ready (it has loaded the bundle and warmed up). One that
 * dies before is started again after a pause that doubles each time (0.5 s up to 30 s), so a
 * broken bundle does not keep a core busy.
 */
import { Worker } from 'node:worker_threads';

/** A data page as the render worker (scripts/renderWorker.cjs) renders it. */
export interface RenderedDataPage {
  html: string;
  title: string | null;
  styleTags: string;
  status: number;
  apiState: unknown;
  apiStateElementId: string;
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
  /** Where the pool says that a worker died or could not start (default console.error). */
  log?: (message: string) => void;
}

/** What became of the pages asked for since the pool started. */
export interface RenderPoolStats {
  /** Rendered in time. */
  rendered: number;
  /** The render itself failed (the bundle threw: a provider call failed, a bug). */
  failed: number;
  /** Refused at once: the queue was full, or no worker was running (every one failed to start, or rests). */
  refused: number;
  /** Taken out of the queue unrendered: their time ran out while they waited. */
  expiredWaiting: number;
  /** Running at their deadline: their worker was terminated and replaced. */
  cancelled: number;
  /** Their worker died while rendering them. */
  crashed: number;
  /** Given up by the caller (the visitor went away) while they waited. */
  abandoned: number;
  /** Workers started, the first ones and every replacement. */
  workersStarted: number;
}

type Reply = { ready: true } | { id: number; page: RenderedDataPage } | { id: number; error: string };

interface Job {
  id: number;
  url: string;
  origin: string;
  /** performance.now() by which the page must be rendered. */
  deadline: number;
  timer: NodeJS.Timeout;
  slot: Slot | null;
  startedAt: number;
  resolve: (page: RenderedDataPage) => void;
  reject: (error: Error) => void;
  detach: () => void;
}

interface Slot {
  worker: Worker;
  /** The worker has loaded the bundle and takes pages. */
  ready: boolean;
  job: Job | null;
  /** Starts in a row that died before the worker was ready. */
  failedStarts: number;
  /** Renders in a row stopped at their deadline (a render in time ends the row). */
  cancelledInRow: number;
  /** Waiting to start again after failed starts. */
  restartTimer: NodeJS.Timeout | null;
  /** The uncaught error that ended the worker, if one did. */
  lastError: string | null;
}

/** Why a page got the shell instead of its render (the promise's rejection). */
export class RenderDropped extends Error {
  constructor(
    message: string,
    readonly reason: 'refused' | 'expiredWaiting' | 'cancelled' | 'crashed' | 'abandoned' | 'closed',
  ) {
    super(message);
    this.name = 'RenderDropped';
  }
}

export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly log: (message: string) => void;
  private nextId = 0;
  private closed = false;
  /** A running average of how long renders take (ms), 0 until the first one. */
  private typicalMs = 0;
  private readonly counts: RenderPoolStats = {
    rendered: 0,
    failed: 0,
    refused: 0,
    expiredWaiting: 0,
    cancelled: 0,
    crashed: 0,
    abandoned: 0,
    workersStarted: 0,
  };

  constructor(private readonly options: RenderPoolOptions) {
    if (!Number.isInteger(options.workers) || options.workers < 1) throw new Error(`A render pool needs at least one worker, not ${options.workers}.`);
    this.log = options.log ?? ((message) => console.error(message));
    for (let index = 0; index < options.workers; index += 1) {
      const slot: Slot = { worker: null as unknown as Worker, ready: false, job: null, failedStarts: 0, cancelledInRow: 0, restartTimer: null, lastError: null };
      this.slots.push(slot);
      this.startWorker(slot);
    }
  }

  stats(): RenderPoolStats {
    return { ...this.counts };
  }

  /**
   * Renders `url` on the first free worker, within `timeoutMs` from now; rejects with a
   * RenderDropped at once when it cannot (see the file's comment). `signal`: the caller has gone,
   * so a page still waiting is taken out of the queue (a running one is left to finish: terminating
   * a worker for every closed connection would let anyone make the server reload its bundle).
   */
  render(url: string, origin: string, signal?: AbortSignal): Promise<RenderedDataPage> {
    return new Promise<RenderedDataPage>((resolve, reject) => {
      if (this.closed) {
        reject(new RenderDropped('the render pool is closed', 'closed'));
        return;
      }
      const job: Job = {
        id: (this.nextId += 1),
        url,
        origin,
        deadline: performance.now() + this.options.timeoutMs,
        timer: setTimeout(() => this.expire(job), this.options.timeoutMs),
        slot: null,
        startedAt: 0,
        resolve,
        reject,
        detach: () => undefined,
      };
      job.timer.unref();
      const free = this.slots.find((slot) => slot.ready && slot.job === null);
      const running = this.slots.filter((slot) => slot.restartTimer === null).length;
      // Pages ahead of it, taken a worker at a time, then its own render: typical renders each.
      const expectedMs = (Math.ceil((this.queue.length + 1) / Math.max(1, running)) + 1) * this.typicalMs;
      if (free) {
        this.run(free, job);
      } else if (this.queue.length < this.options.queueLimit && running > 0 && expectedMs < this.options.timeoutMs) {
        this.queue.push(job);
        if (signal) {
          const abandon = () => {
            if (this.takeFromQueue(job)) this.drop(job, new RenderDropped(`${url}: the visitor went away while it waited`, 'abandoned'));
          };
          signal.addEventListener('abort', abandon, { once: true });
          job.detach = () => signal.removeEventListener('abort', abandon);
        }
      } else {
        const why =
          this.queue.length >= this.options.queueLimit
            ? 'the render queue is full'
            : running === 0
              ? 'no render worker is running'
              : `it would wait past its deadline (about ${Math.round(expectedMs)} ms with the ${this.queue.length} pages ahead)`;
        this.drop(job, new RenderDropped(`${url}: ${why}`, 'refused'));
      }
    });
  }

  /** Terminates every worker; pages not rendered yet are dropped. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.drop(job, new RenderDropped('the render pool is closed', 'closed'));
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.restartTimer) clearTimeout(slot.restartTimer);
        if (slot.job) this.drop(slot.job, new RenderDropped('the render pool is closed', 'closed'));
        await slot.worker.terminate();
      }),
    );
  }

  private startWorker(slot: Slot): void {
    slot.restartTimer = null;
    const worker = new Worker(this.options.script, { workerData: this.options.workerData, env: this.options.env });
    worker.unref();
    slot.worker = worker;
    slot.ready = false;
    slot.lastError = null;
    this.counts.workersStarted += 1;
    worker.on('message', (reply: Reply) => {
      if (slot.worker === worker) this.answer(slot, reply);
    });
    worker.on('error', (error) => {
      if (slot.worker === worker) slot.lastError = error.message;
    });
    worker.on('exit', (code) => {
      // A worker the pool stopped itself has been replaced, or its slot waits to start a new one.
      if (slot.worker === worker && slot.restartTimer === null && !this.closed) this.died(slot, code);
    });
  }

  private answer(slot: Slot, reply: Reply): void {
    if ('ready' in reply) {
      slot.ready = true;
      slot.failedStarts = 0;
      this.next(slot);
      return;
    }
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    slot.job = null;
    job.slot = null;
    slot.cancelledInRow = 0;
    if ('page' in reply) {
      this.noteRenderTime(performance.now() - job.startedAt);
      this.counts.rendered += 1;
      this.settle(job);
      job.resolve(reply.page);
    } else {
      this.counts.failed += 1;
      this.settle(job);
      job.reject(new Error(reply.error));
    }
    this.next(slot);
  }

  /** The worker of `slot` stopped by itself: its page gets the shell, and a new worker takes its place. */
  private died(slot: Slot, code: number): void {
    const job = slot.job;
    const how = `exit code ${code}${slot.lastError === null ? '' : `, ${slot.lastError}`}`;
    slot.job = null;
    if (job) {
      job.slot = null;
      this.drop(job, new RenderDropped(`${job.url}: the render worker stopped (${how}) while rendering it`, 'crashed'));
    }
    if (slot.ready) {
      this.log(`A render worker stopped (${how})${job ? ` while rendering ${job.url}` : ''}: starting a new one.`);
      this.startWorker(slot);
      return;
    }
    // It did not get as far as loading the bundle: wait before trying again.
    slot.failedStarts += 1;
    const pauseMs = Math.min(30_000, 500 * 2 ** (slot.failedStarts - 1));
    this.log(`A render worker stopped before it was ready (${how}): trying again in ${pauseMs / 1000} s.`);
    slot.restartTimer = setTimeout(() => this.startWorker(slot), pauseMs);
    slot.restartTimer.unref();
    this.refuseWaitingWhenNoWorkerIsLeft();
  }

  /** The deadline of `job` has come: out of the queue, or its worker terminated and replaced. */
  private expire(job: Job): void {
    if (this.takeFromQueue(job)) {
      this.drop(job, new RenderDropped(`${job.url}: waited ${this.options.timeoutMs} ms for a render worker`, 'expiredWaiting'));
      return;
    }
    const slot = job.slot;
    if (!slot || slot.job !== job) return;
    slot.job = null;
    job.slot = null;
    this.drop(job, new RenderDropped(`${job.url}: rendering took over ${this.options.timeoutMs} ms; the render was stopped`, 'cancelled'));
    // At least that long: the pages waiting are weighed against it (`next`).
    this.noteRenderTime(performance.now() - job.startedAt);
    slot.cancelledInRow += 1;
    const old = slot.worker;
    if (slot.cancelledInRow < 2) {
      this.startWorker(slot);
    } else {
      // Renders keep missing their deadline (the machine is too busy for them): a new worker
      // (about 2 s of CPU to load and warm up) would only make it busier. The slot rests, a
      // second and doubling up to 30 s; its pages get the shell meanwhile.
      slot.ready = false;
      const pauseMs = Math.min(30_000, 1000 * 2 ** (slot.cancelledInRow - 2));
      this.log(`${slot.cancelledInRow} renders in a row ran past ${this.options.timeoutMs} ms: starting a new render worker in ${pauseMs / 1000} s.`);
      slot.restartTimer = setTimeout(() => this.startWorker(slot), pauseMs);
      slot.restartTimer.unref();
      this.refuseWaitingWhenNoWorkerIsLeft();
    }
    void old.terminate();
  }

  /** A running average of how long renders take (ms). */
  private noteRenderTime(ms: number): void {
    this.typicalMs = this.typicalMs === 0 ? ms : this.typicalMs * 0.9 + ms * 0.1;
  }

  /** With no worker left that may become ready, waiting pages would only wait for their deadline. */
  private refuseWaitingWhenNoWorkerIsLeft(): void {
    if (this.slots.every((other) => other.restartTimer !== null)) {
      for (const waiting of this.queue.splice(0)) this.drop(waiting, new RenderDropped(`${waiting.url}: no render worker is running`, 'refused'));
    }
  }

  /** Gives the free worker of `slot` the next waiting page that can still be rendered in time. */
  private next(slot: Slot): void {
    while (slot.ready && slot.job === null && this.queue.length > 0) {
      const job = this.queue.shift() as Job;
      const left = job.deadline - performance.now();
      if (left <= Math.min(this.typicalMs, this.options.timeoutMs / 2)) {
        this.drop(job, new RenderDropped(`${job.url}: ${Math.max(0, Math.round(left))} ms left after waiting, less than a render takes`, 'expiredWaiting'));
        continue;
      }
      this.run(slot, job);
    }
  }

  private run(slot: Slot, job: Job): void {
    job.detach();
    slot.job = job;
    job.slot = slot;
    job.startedAt = performance.now();
    slot.worker.postMessage({ id: job.id, url: job.url, origin: job.origin });
  }

  private takeFromQueue(job: Job): boolean {
    const index = this.queue.indexOf(job);
    if (index < 0) return false;
    this.queue.splice(index, 1);
    return true;
  }

  private drop(job: Job, error: RenderDropped): void {
    if (error.reason !== 'closed') this.counts[error.reason] += 1;
    this.settle(job);
    job.reject(error);
  }

  private settle(job: Job): void {
    clearTimeout(job.timer);
    job.detach();
  }
}
