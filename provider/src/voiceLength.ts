import fs from 'node:fs';

/**
 * The length in seconds of an Opus recording whose container declares none, from its content:
 * browsers' MediaRecorder writes WebM with no Duration (the length is known only when it stops),
 * so the last block's time is read instead; for Ogg, the last page's granule position less the
 * pre-skip (Opus counts 48 kHz samples). Null when the file cannot be walked.
 */
export async function opusLength(file: string): Promise<number | null> {
  const bytes = await fs.promises.readFile(file);
  try {
    if (bytes.readUInt32BE(0) === 0x1a45dfa3) return webmLength(bytes);
    if (bytes.subarray(0, 4).toString('latin1') === 'OggS') return oggOpusLength(bytes);
  } catch {
    // A truncated or malformed file: its length stays unknown.
  }
  return null;
}

const ids = {
  segment: 0x18538067,
  cluster: 0x1f43b675,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  clusterTimecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
};
/** Elements walked into rather than skipped (they may have an unknown size, as MediaRecorder writes them). */
const containers = new Set([ids.segment, ids.cluster, ids.info, ids.blockGroup]);

/** An EBML variable-length integer at `at`: its value (the marker bit removed unless `raw`), its length, and whether it is "unknown". */
function vint(bytes: Buffer, at: number, raw = false): { value: number; length: number; unknown: boolean } {
  const first = bytes[at];
  if (first === undefined || first === 0) throw new RangeError('Bad EBML number');
  const length = Math.clz32(first) - 23;
  let value = raw ? first : first & (0xff >> length);
  let allOnes = value === (0xff >> length);
  for (let index = 1; index < length; index += 1) {
    const byte = bytes[at + index];
    if (byte === undefined) throw new RangeError('Truncated');
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !raw && allOnes };
}

function webmLength(bytes: Buffer): number | null {
  let scale = 1_000_000; // nanoseconds per timecode unit, WebM's default
  let clusterTime = 0;
  let last = -1;
  for (let at = 0; at < bytes.length; ) {
    const id = vint(bytes, at, true);
    const size = vint(bytes, at + id.length);
    const payload = at + id.length + size.length;
    if (containers.has(id.value)) {
      at = payload;
      continue;
    }
    if (size.unknown) return null;
    if (id.value === ids.timecodeScale) scale = bytes.readUIntBE(payload, size.value);
    else if (id.value === ids.clusterTimecode) clusterTime = bytes.readUIntBE(payload, size.value);
    else if (id.value === ids.simpleBlock || id.value === ids.block) {
      const track = vint(bytes, payload);
      last = Math.max(last, clusterTime + bytes.readInt16BE(payload + track.length));
    }
    at = payload + size.value;
  }
  return last < 0 ? null : (last * scale) / 1e9;
}

function oggOpusLength(bytes: Buffer): number | null {
  const head = bytes.indexOf('OpusHead', 0, 'latin1');
  const lastPage = bytes.lastIndexOf('OggS', bytes.length - 27, 'latin1');
  if (head < 0 || lastPage < 0) return null;
  const preSkip = bytes.readUInt16LE(head + 10);
  const granule = Number(bytes.readBigInt64LE(lastPage + 6));
  return granule > preSkip ? (granule - preSkip) / 48_000 : null;
}
