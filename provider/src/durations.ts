import fs from 'node:fs';
import { type MediaInfo, mediaInfoFactory } from 'mediainfo.js';

/**
 * Reads the duration of videos with MediaInfoLib (the mediainfo.js WebAssembly build: no native
 * code, and a CommonJS entry that Jest loads). It knows WebM/Matroska, MP4 and Ogg, the kinds
 * `MediaStore.keep` accepts. One parser instance, made on first use, reads one file at a time.
 */
export class VideoDurations {
  private parser: Promise<MediaInfo<'object'>> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  /** The duration in seconds, or null when the file declares none the parser can read. */
  read(file: string): Promise<number | null> {
    const next = this.queue.then(() => this.analyse(file));
    this.queue = next.catch(() => undefined);
    return next.catch(() => null);
  }

  async close(): Promise<void> {
    const parser = this.parser;
    this.parser = undefined;
    await this.queue;
    if (parser) (await parser.catch(() => null))?.close();
  }

  private async analyse(file: string): Promise<number | null> {
    const handle = await fs.promises.open(file, 'r');
    try {
      const { size } = await handle.stat();
      this.parser ??= mediaInfoFactory({ format: 'object' });
      const result = await (
        await this.parser
      ).analyzeData(size, async (length, offset) => {
        const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
        return buffer.subarray(0, bytesRead);
      });
      const general = result.media?.track.find((track) => track['@type'] === 'General');
      const seconds = Number(general?.Duration);
      return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
    } finally {
      await handle.close();
    }
  }
}
