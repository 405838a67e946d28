/**
 * Issue 33, item 1: nobody fills the provider's disk through uploads. A body goes to `tmp/` only
 * for a caller holding one of the operation's sessions; a body cut off by the client leaves
 * nothing; stale files are swept at start and on a timer; one address has at most
 * `concurrentUploadsPerAddress` uploads in flight. Real sockets where the socket is the point.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { resolveConfig } from '../../provider/src/config';
import { sweepStaleFiles } from '../../provider/src/media';
import { concurrentUploadsPerAddress } from '../../provider/src/uploadSlots';
import { voiceFile } from './opusFile';
import { type Client, type DemoIds, type RunningProvider, makeDataDir, startDemoProvider, startProvider } from './support';

const boundary = 'disk-boundary';
const voiceHead =
  `--${boundary}\r\nContent-Disposition: form-data; name="msg_from"\r\n\r\nstudent\r\n` +
  `--${boundary}\r\nContent-Disposition: form-data; name="voice"; filename="note.ogg"\r\nContent-Type: audio/ogg\r\n\r\n`;

interface HeldUpload {
  /** The status line and headers of the answer, once one came ('' if none before `timeoutMs`). */
  answer(timeoutMs?: number): Promise<string>;
  /** Drops the connection, as a browser tab closed mid-upload does. */
  drop(): void;
}

/**
 * Opens a connection and sends a voice note's headers (declaring `declared` bytes) and `sent`
 * bytes of its body, then holds the connection without finishing the body.
 */
function holdUpload(provider: RunningProvider, client: Client, urlPath: string, { declared, sent }: { declared: number; sent: number }): HeldUpload {
  const url = new URL(provider.url);
  const socket = net.connect(Number(url.port), url.hostname);
  socket.on('error', () => undefined);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  socket.write(
    `POST ${urlPath} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${declared}\r\nAccept: application/json\r\nCookie: ${cookie}\r\n` +
      `X-XSRF-TOKEN: ${client.cookies.get('XSRF-TOKEN') ?? ''}\r\n\r\n${voiceHead}`,
  );
  socket.write(Buffer.alloc(sent, 0x41));
  return {
    answer: (timeoutMs = 3000) =>
      new Promise((resolve) => {
        const done = () => {
          clearInterval(poll);
          clearTimeout(timer);
          resolve(received);
        };
        const poll = setInterval(() => received.includes('\r\n\r\n') && done(), 20);
        const timer = setTimeout(done, timeoutMs);
      }),
    drop: () => socket.destroy(),
  };
}

const tmpFiles = (provider: RunningProvider) => fs.readdirSync(path.join(provider.dataDir, 'tmp'));

/** Waits until `check` holds (polling), or fails with `what` after `timeoutMs`. */
async function eventually(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('uploads cannot fill the disk', () => {
  let provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client, kofi: Client, kwame: Client;
  let voiceUrl: string;

  beforeAll(async () => {
    // Uploads held open mid-body: real sockets.
    ({ provider, ids, visitor, maria, kofi, kwame } = await startDemoProvider({ listen: true }));
    await visitor.get('/api/category/');
    voiceUrl = `/api/send-voice-message/${ids.teacherId}/${ids.studentId}`;
  });

  afterAll(() => provider.stop());

  afterEach(() => eventually(() => tmpFiles(provider).length === 0, 'an empty tmp/ between tests'));

  it.each([
    ['a visitor', 401, () => visitor],
    ['another student', 403, () => kofi],
    ['a teacher of other students', 403, () => kwame],
  ])("answers a voice note from %s to someone else's conversation %d after its headers, while its body is still held, and writes nothing", async (_who, status, caller) => {
    const upload = holdUpload(provider, caller(), voiceUrl, { declared: 10 * 1024 * 1024, sent: 2 * 1024 * 1024 });
    try {
      const answer = await upload.answer();
      expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(tmpFiles(provider)).toEqual([]);
    } finally {
      upload.drop();
    }
  });

  it('removes the partial file of an upload whose connection drops mid-body', async () => {
    const upload = holdUpload(provider, maria, voiceUrl, { declared: 10 * 1024 * 1024, sent: 3 * 1024 * 1024 });
    await eventually(() => tmpFiles(provider).length === 1, 'the upload to reach tmp/');
    upload.drop();
    await eventually(() => tmpFiles(provider).length === 0, 'the partial file to be removed');
  });

  it(`lets one address have ${concurrentUploadsPerAddress} uploads in flight: the next is refused 429 before its body, until one ends`, async () => {
    const held = Array.from({ length: concurrentUploadsPerAddress }, () =>
      holdUpload(provider, maria, voiceUrl, { declared: 10 * 1024 * 1024, sent: 64 * 1024 }),
    );
    try {
      await eventually(() => tmpFiles(provider).length === concurrentUploadsPerAddress, 'the held uploads to reach tmp/');
      const next = holdUpload(provider, maria, voiceUrl, { declared: 10 * 1024 * 1024, sent: 64 * 1024 });
      const refusal = await next.answer();
      next.drop();
      expect(refusal).toMatch(/^HTTP\/1\.1 429 /);
      expect(refusal).toMatch(/\r\nretry-after: \d+\r\n/i);
      expect(tmpFiles(provider)).toHaveLength(concurrentUploadsPerAddress);
      const whole = await maria.post(voiceUrl, { multipart: { msg_from: 'student', voice: voiceFile(2) } });
      expect(whole.status).toBe(429);
      expect(whole.response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(whole.body).toEqual({
        bool: false,
        msg: 'Too many uploads at once from your address. Please wait for one to finish, then try again.',
        retry_after: Number(whole.response.headers.get('retry-after')),
      });

      held.pop()!.drop();
      await eventually(() => tmpFiles(provider).length === concurrentUploadsPerAddress - 1, 'the dropped upload to go');
      const sent = await maria.post(voiceUrl, { multipart: { msg_from: 'student', voice: voiceFile(2) } });
      expect(sent).toMatchObject({ status: 200, body: { bool: true, msg: 'Voice note has been sent.' } });
    } finally {
      for (const upload of held) upload.drop();
    }
  });
});

describe('stale files of tmp/ are swept', () => {
  const hour = 60 * 60 * 1000;

  it('removes the entries not written for longer than the maximum age, and keeps the others', async () => {
    const dir = makeDataDir();
    try {
      const now = Date.now();
      for (const [name, age] of [['old', 2 * hour], ['edge', hour - 1000], ['fresh', 0]] as const) {
        fs.writeFileSync(path.join(dir, name), 'x');
        fs.utimesSync(path.join(dir, name), new Date(now - age), new Date(now - age));
      }
      expect(await sweepStaleFiles(dir, hour, now)).toEqual(['old']);
      expect(fs.readdirSync(dir).sort()).toEqual(['edge', 'fresh']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sweeps at start, then on a timer of the configured interval and maximum age', async () => {
    const dataDir = makeDataDir();
    const tmp = path.join(dataDir, 'tmp');
    fs.mkdirSync(tmp);
    const now = Date.now();
    fs.writeFileSync(path.join(tmp, 'left-by-a-crash'), 'x');
    fs.utimesSync(path.join(tmp, 'left-by-a-crash'), new Date(now - 2 * hour), new Date(now - 2 * hour));
    fs.writeFileSync(path.join(tmp, 'still-arriving'), 'x');
    const provider = await startProvider({ dataDir, requestTimeoutMs: 1000, uploadMaxAgeMs: 1500, uploadSweepIntervalMs: 100 });
    try {
      expect(fs.readdirSync(tmp)).toEqual(['still-arriving']);
      await eventually(() => fs.readdirSync(tmp).length === 0, 'the timer to sweep the file once stale');
    } finally {
      await provider.stop();
    }
  });

  it('refuses a maximum age that an upload still arriving could reach', () => {
    expect(() => resolveConfig({ dataDir: '/tmp/x', requestTimeoutMs: 60_000, uploadMaxAgeMs: 60_000 }, {})).toThrow(
      /PROVIDER_UPLOAD_MAX_AGE_MS.*must exceed the request timeout/,
    );
  });
});
