/**
 * A minimal Ogg Opus recording for the voice upload tests, made in code so that no test needs an
 * encoder: the OpusHead and OpusTags pages, then one page of 50 silent-ish 20 ms frames whose
 * granule position declares the length (what MediaInfoLib reads as the duration).
 */

const crcTable = Array.from({ length: 256 }, (_, index) => {
  let value = index << 24;
  for (let bit = 0; bit < 8; bit += 1) value = value & 0x80000000 ? (value << 1) ^ 0x04c11db7 : value << 1;
  return value >>> 0;
});

/** Ogg's page checksum: CRC-32 with polynomial 0x04c11db7, not reflected, initial value 0. */
function oggCrc(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ (crcTable[((crc >>> 24) ^ byte) & 0xff] as number)) >>> 0;
  return crc;
}

/** One Ogg page of `packets` (flags: 2 first page, 4 last), with its checksum. */
export function oggPage(packets: Buffer[], granule: bigint, sequence: number, flags: number): Buffer {
  const lacing: number[] = [];
  for (const packet of packets) {
    let left = packet.length;
    for (; left >= 255; left -= 255) lacing.push(255);
    lacing.push(left);
  }
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'latin1');
  header[5] = flags;
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(0x51325132, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = lacing.length;
  const page = Buffer.concat([header, Buffer.from(lacing), ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

const preSkip = 312;

/** The bytes of an Ogg Opus file that declares `seconds` of mono audio. */
export function opusOggBytes(seconds: number): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1; // version
  head[9] = 1; // channels
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(48000, 12);
  const tags = Buffer.concat([Buffer.from('OpusTags', 'latin1'), Buffer.from([4, 0, 0, 0]), Buffer.from('test'), Buffer.alloc(4)]);
  const frames = Array.from({ length: 50 }, () => Buffer.from([0xf8, 0xff, 0xfe]));
  return Buffer.concat([
    oggPage([head], 0n, 0, 2),
    oggPage([tags], 0n, 1, 0),
    oggPage(frames, BigInt(preSkip + Math.round(seconds * 48000)), 2, 4),
  ]);
}

/** A voice recording as the browser would send it. */
export function voiceFile(seconds = 2, name = 'voice.ogg'): File {
  return new File([opusOggBytes(seconds)], name, { type: 'audio/ogg' });
}
