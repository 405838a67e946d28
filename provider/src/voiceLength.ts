import fs from 'node:fs';

/**
 * The length in seconds of an Opus recording from its content, whatever its container declares
 * (browsers' MediaRecorder writes WebM with no Duration, and a declared one may lie): for WebM,
 * the latest block's time; for Ogg, the largest granule position of its pages less the pre-skip
 * (Opus counts 48 kHz samples), every page walked from the first with its checksum checked.
 * Null when the file cannot be walked whole (an element of unknown size that is not a Segment,
 * Cluster or the like, a damaged or foreign Ogg page, a second stream): a player could find
 * audio there that this count missed, so the caller refuses such a file.
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
  // Nanoseconds per timecode unit (WebM's default, else the file's). A file has one scale and one
  // time per cluster; should it repeat either, the largest counts, so a length is never understated.
  let scale: number | null = null;
  let clusterTime: number | null = null;
  let last = -1;
  for (let at = 0; at < bytes.length; ) {
    const id = vint(bytes, at, true);
    const size = vint(bytes, at + id.length);
    const payload = at + id.length + size.length;
    if (containers.has(id.value)) {
      if (id.value === ids.cluster) clusterTime = null;
      at = payload;
      continue;
    }
    if (size.unknown) return null;
    if (id.value === ids.timecodeScale) scale = Math.max(scale ?? 0, bytes.readUIntBE(payload, size.value));
    else if (id.value === ids.clusterTimecode) clusterTime = Math.max(clusterTime ?? 0, bytes.readUIntBE(payload, size.value));
    else if (id.value === ids.simpleBlock || id.value === ids.block) {
      const track = vint(bytes, payload);
      last = Math.max(last, (clusterTime ?? 0) + bytes.readInt16BE(payload + track.length));
    }
    at = payload + size.value;
  }
  return last < 0 ? null : (last * (scale ?? 1_000_000)) / 1e9;
}

/**
 * Walks the pages one after the other from the first: each must start with `OggS`, version 0,
 * carry the serial number of the first (one stream, not chained) and its right CRC, and the last
 * must end the file (a player skips a damaged page and looks for the next `OggS`, so bytes this
 * walk cannot account for might hold audio). The first page's packet is the OpusHead.
 */
function oggOpusLength(bytes: Buffer): number | null {
  let serial: number | null = null;
  let preSkip = 0;
  let granule = -1n;
  let at = 0;
  for (; at < bytes.length; ) {
    if (at + 27 > bytes.length || bytes.toString('latin1', at, at + 4) !== 'OggS' || bytes[at + 4] !== 0) return null;
    const segments = bytes[at + 26] as number;
    const tableEnd = at + 27 + segments;
    if (tableEnd > bytes.length) return null;
    let bodyLength = 0;
    for (let index = at + 27; index < tableEnd; index += 1) bodyLength += bytes[index] as number;
    const end = tableEnd + bodyLength;
    if (end > bytes.length) return null;
    const page = Buffer.from(bytes.subarray(at, end));
    const expected = page.readUInt32LE(22);
    page.writeUInt32LE(0, 22);
    if (oggCrc(page) !== expected) return null;
    const pageSerial = bytes.readUInt32LE(at + 14);
    if (serial === null) {
      if (bytes.toString('latin1', tableEnd, tableEnd + 8) !== 'OpusHead' || bodyLength < 19) return null;
      serial = pageSerial;
      preSkip = bytes.readUInt16LE(tableEnd + 10);
    } else if (pageSerial !== serial) return null;
    const pageGranule = bytes.readBigInt64LE(at + 6);
    // -1: no packet ends on this page.
    if (pageGranule > granule) granule = pageGranule;
    at = end;
  }
  const samples = Number(granule) - preSkip;
  return serial !== null && samples > 0 ? samples / 48_000 : null;
}

const crcTable = Array.from({ length: 256 }, (_, index) => {
  let value = index << 24;
  for (let bit = 0; bit < 8; bit += 1) value = value & 0x80000000 ? (value << 1) ^ 0x04c11db7 : value << 1;
  return value >>> 0;
});

/** Ogg's page checksum: CRC-32 with polynomial 0x04c11db7, not reflected, initial value 0, over the page with its CRC field zeroed. */
function oggCrc(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ (crcTable[((crc >>> 24) ^ byte) & 0xff] as number)) >>> 0;
  return crc;
}
