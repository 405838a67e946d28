import crypto from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * The counts several provider instances must share (throttles, upload slots), in Redis or Valkey
 * when `REDIS_URL` is set. A store that does not answer never holds a request up or fails it:
 * each command gives up after `commandTimeoutMs` (at once while the connection is down), and the
 * caller counts in this instance's memory instead. The first failure of an outage is logged as a
 * warning, its end once; see docs/decisions/0028-shared-throttles.md.
 */
export class SharedStore {
  /** The longest a command may take before the memory is used instead. */
  static readonly commandTimeoutMs = 1000;

  private readonly redis: Redis;
  private readonly scripts = new Map<string, string>();
  private down = false;

  /** A store on `url`; ioredis (about 0.1 s to load) is loaded only for one. */
  static async open(url: string, log: Pick<Console, 'warn' | 'info'> = console): Promise<SharedStore> {
    return new SharedStore(url, (await import('ioredis')).Redis, log);
  }

  private constructor(
    private readonly url: string,
    RedisClient: typeof Redis,
    private readonly log: Pick<Console, 'warn' | 'info'>,
  ) {
    this.redis = new RedisClient(url, {
      // Commands fail at once while the connection is down (no queue to wait in; `run` does not
      // even try them then), and after commandTimeoutMs when the server holds them; the
      // connection is retried in the background.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: SharedStore.commandTimeoutMs,
      connectTimeout: 2000,
      // How long a closing connection may take to end (ioredis's 2 s timer is left running even
      // when the connection had already failed, holding a stopping process up).
      disconnectTimeout: 200,
    });
    this.redis.on('error', (error: Error) => this.failed(error));
    this.redis.on('ready', () => this.answered());
  }

  /** Waits (at most `timeoutMs`) for the first connection, so a fresh instance counts in Redis from its first request. */
  async ready(timeoutMs = 2000): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.redis.once('ready', done);
    });
    if ((this.redis.status as string) !== 'ready') this.failed(new Error(`no connection within ${timeoutMs} ms`));
  }

  /**
   * Runs `script` (Lua, atomic in Redis) on `keys` with `args`; on any failure of the store, `local()`
   * instead. Tells which of the two answered.
   */
  async run<T>(
    script: string,
    keys: string[],
    args: (string | number)[],
    local: () => T,
  ): Promise<{ shared: true; value: unknown } | { shared: false; value: T }> {
    // While the connection is down, no command is even tried (it would fail at once anyway).
    if (this.redis.status !== 'ready') {
      this.failed(new Error(`not connected: ${this.redis.status}`));
      return { value: local(), shared: false };
    }
    try {
      const value = await this.evaluate(script, keys, args);
      this.answered();
      return { value, shared: true };
    } catch (error) {
      this.failed(error as Error);
      return { value: local(), shared: false };
    }
  }

  /** Runs `script` and ignores a failure but for the warning (giving back, releasing: nothing to fall back on). */
  async runQuietly(script: string, keys: string[], args: (string | number)[]): Promise<void> {
    await this.run(script, keys, args, () => undefined);
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }

  /** EVALSHA, loading the script with EVAL when the server does not know it yet (a restart, a new server). */
  private async evaluate(script: string, keys: string[], args: (string | number)[]): Promise<unknown> {
    let sha = this.scripts.get(script);
    if (!sha) {
      sha = crypto.createHash('sha1').update(script).digest('hex');
      this.scripts.set(script, sha);
    }
    try {
      return await this.redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return this.redis.eval(script, keys.length, ...keys, ...args);
    }
  }

  private failed(error: Error): void {
    if (this.down) return;
    this.down = true;
    this.log.warn(
      `Shared store ${redactedUrl(this.url)} is unreachable (${error.message}): this instance counts throttles and uploads in its own memory until it answers again.`,
    );
  }

  private answered(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info(`Shared store ${redactedUrl(this.url)} answers again: throttles and uploads are counted there.`);
  }
}

/** The URL without its password, for logs. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}
