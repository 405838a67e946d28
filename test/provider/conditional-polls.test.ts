/**
 * The polled reads (unread counts and inboxes of both sides, extension): a weak ETag of the
 * answer and `private, no-cache`, so a browser revalidates its kept answer with If-None-Match
 * and gets 304 without a body while nothing changed; the session and the owner are checked first.
 */
import http from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { type Client, type DemoIds, type RunningProvider, startDemoProvider } from './support';

describe('conditional polls', () => {
  let provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client, kofi: Client, amara: Client, kwame: Client;

  beforeAll(async () => ({ provider, ids, visitor, maria, kofi, amara, kwame } = await startDemoProvider({ listen: true })));

  afterAll(() => provider.stop());

  const polls = () => ({
    studentUnread: `/api/unread-messages/student/${ids.studentId}`,
    teacherUnread: `/api/unread-messages/teacher/${ids.teacherId}`,
    studentInbox: `/api/student-conversations/${ids.studentId}`,
    teacherInbox: `/api/teacher-conversations/${ids.teacherId}`,
  });

  /** A GET with If-None-Match (when given), read whole: status, ETag, Cache-Control and body text. */
  async function poll(client: Client, url: string, etag?: string, headers: Record<string, string> = {}) {
    const response = await client.request('GET', url, { headers: { ...headers, ...(etag === undefined ? {} : { 'if-none-match': etag }) } });
    return {
      status: response.status,
      etag: response.headers.get('etag'),
      cacheControl: response.headers.get('cache-control'),
      contentType: response.headers.get('content-type'),
      body: await response.text(),
    };
  }

  const send = (client: Client, from: 'student' | 'teacher', teacherId: number, studentId: number, text: string) =>
    client.post(`/api/send-message/${teacherId}/${studentId}/`, { form: { msg_text: text, msg_from: from } });

  it('gives each polled read a weak ETag and private, no-cache, and answers the same request with it 304 without a body', async () => {
    const owners: Record<keyof ReturnType<typeof polls>, Client> = { studentUnread: maria, teacherUnread: amara, studentInbox: maria, teacherInbox: amara };
    for (const [name, url] of Object.entries(polls()) as [keyof typeof owners, string][]) {
      const first = await poll(owners[name], url);
      expect({ name, status: first.status, cacheControl: first.cacheControl }).toEqual({ name, status: 200, cacheControl: 'private, no-cache' });
      expect(first.etag).toMatch(/^W\/"[\w-]{16}"$/);
      expect(() => JSON.parse(first.body) as unknown).not.toThrow();

      const again = await poll(owners[name], url, first.etag!);
      expect({ name, status: again.status, body: again.body, etag: again.etag }).toEqual({ name, status: 304, body: '', etag: first.etag });
      expect(again.cacheControl).toBe('private, no-cache');
      expect(again.contentType).toBeNull();

      // Among other tags, weakly compared (a strong spelling of the same tag matches), or `*`.
      const strong = first.etag!.replace(/^W\//, '');
      expect((await poll(owners[name], url, `"other", ${strong}`)).status).toBe(304);
      expect((await poll(owners[name], url, '*')).status).toBe(304);
      expect((await poll(owners[name], url, 'W/"other"')).status).toBe(200);
    }
  });

  it('answers 200 with a new ETag after a new message and after a read mark', async () => {
    const { studentUnread, teacherUnread, studentInbox, teacherInbox } = polls();
    const before = { studentUnread: await poll(maria, studentUnread), teacherUnread: await poll(amara, teacherUnread), studentInbox: await poll(maria, studentInbox), teacherInbox: await poll(amara, teacherInbox) };

    expect((await send(amara, 'teacher', ids.teacherId, ids.studentId, '¿Terminaste el capítulo dos?')).status).toBe(200);
    const afterMessage = await poll(maria, studentUnread, before.studentUnread.etag!);
    expect(afterMessage.status).toBe(200);
    expect(afterMessage.etag).not.toBe(before.studentUnread.etag);
    expect(JSON.parse(afterMessage.body)).toEqual({ total: 1, conversations: [{ teacher_id: ids.teacherId, student_id: ids.studentId, unread: 1 }] });
    const inboxAfterMessage = await poll(maria, studentInbox, before.studentInbox.etag!);
    expect(inboxAfterMessage.status).toBe(200);
    expect(inboxAfterMessage.etag).not.toBe(before.studentInbox.etag);
    // The teacher's own inbox shows the new last message; the teacher's counts did not change.
    expect((await poll(amara, teacherInbox, before.teacherInbox.etag!)).status).toBe(200);
    expect((await poll(amara, teacherUnread, before.teacherUnread.etag!)).status).toBe(304);

    // Nothing new since: 304 with the new tag.
    expect((await poll(maria, studentUnread, afterMessage.etag!)).status).toBe(304);

    const marked = await maria.post(`/api/mark-messages-read/${ids.teacherId}/${ids.studentId}/`, { form: { reader: 'student' } });
    expect(marked.body).toEqual({ marked: 1 });
    const afterRead = await poll(maria, studentUnread, afterMessage.etag!);
    expect(afterRead.status).toBe(200);
    expect(JSON.parse(afterRead.body)).toEqual({ total: 0, conversations: [] });
    expect(afterRead.etag).not.toBe(afterMessage.etag);
    // The same answer as before the message: the same ETag, whatever happened between.
    expect(afterRead.etag).toBe(before.studentUnread.etag);
    const inboxAfterRead = await poll(maria, studentInbox, inboxAfterMessage.etag!);
    expect(inboxAfterRead.status).toBe(200);
    expect(inboxAfterRead.etag).not.toBe(inboxAfterMessage.etag);
  });

  it("checks the session and the owner before comparing: someone else's ETag gets their 401 or 403, never a 304", async () => {
    const { studentUnread, teacherUnread, studentInbox, teacherInbox } = polls();
    for (const url of [studentUnread, studentInbox]) {
      const { etag } = await poll(maria, url);
      expect((await poll(visitor, url, etag!)).status).toBe(401);
      expect((await poll(amara, url, etag!)).status).toBe(401);
      const other = await poll(kofi, url, etag!);
      expect({ status: other.status, etag: other.etag, cacheControl: other.cacheControl }).toEqual({ status: 403, etag: null, cacheControl: 'no-store' });
      expect((await poll(kofi, url, '*')).status).toBe(403);
    }
    for (const url of [teacherUnread, teacherInbox]) {
      const { etag } = await poll(amara, url);
      expect((await poll(visitor, url, etag!)).status).toBe(401);
      expect((await poll(maria, url, etag!)).status).toBe(401);
      expect((await poll(kwame, url, etag!)).status).toBe(403);
    }

    // Maria's tag on Kofi's own poll: his answer, unless it is the very same JSON (then nothing of hers is in it).
    const hers = await poll(maria, studentInbox);
    const his = await poll(kofi, `/api/student-conversations/${ids.otherStudentId}`, hers.etag!);
    expect(his.status).toBe(200);
    expect(his.body).not.toBe(hers.body);
    expect(his.etag).not.toBe(hers.etag);
  });

  /** A GET on Node's http (fetch would decode the body), with the client's cookies: status, headers, the bytes as sent. */
  function rawGet(client: Client, url: string, headers: Record<string, string>) {
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      http
        .get(new URL(url, provider.url), { headers: { ...headers, cookie } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  }

  it('shares one ETag between the plain and the compressed answer, and a 304 carries no body in either', async () => {
    // Long enough to be compressed (1 KB and more: compression.ts).
    expect((await send(amara, 'teacher', ids.teacherId, ids.studentId, 'Lee esto. '.repeat(150))).status).toBe(200);
    const url = polls().studentInbox;
    const plain = await rawGet(maria, url, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await rawGet(maria, url, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.etag).toBe(plain.headers.etag);
    expect(brotliDecompressSync(brotli.bytes)).toEqual(plain.bytes);

    for (const encoding of ['br', 'gzip', 'identity']) {
      const revalidated = await rawGet(maria, url, { 'accept-encoding': encoding, 'if-none-match': String(plain.headers.etag) });
      expect({ encoding, status: revalidated.status, bytes: revalidated.bytes.length }).toEqual({ encoding, status: 304, bytes: 0 });
      expect(revalidated.headers['content-encoding']).toBeUndefined();
    }
  });

  it('answers HEAD as GET without a body: the ETag, then 304 to its owner when it still holds', async () => {
    const owners = { studentUnread: maria, teacherUnread: amara, studentInbox: maria, teacherInbox: amara };
    for (const [name, url] of Object.entries(polls()) as [keyof typeof owners, string][]) {
      const got = await poll(owners[name], url);
      const head = await owners[name].request('HEAD', url);
      expect({ name, status: head.status, etag: head.headers.get('etag'), body: await head.text() }).toEqual({ name, status: 200, etag: got.etag, body: '' });
      for (const tag of [got.etag!, '*']) {
        const revalidated = await owners[name].request('HEAD', url, { headers: { 'if-none-match': tag } });
        expect({ name, tag, status: revalidated.status, etag: revalidated.headers.get('etag'), body: await revalidated.text() }).toEqual({
          name,
          tag,
          status: 304,
          etag: got.etag,
          body: '',
        });
      }
      expect((await visitor.request('HEAD', url, { headers: { 'if-none-match': '*' } })).status).toBe(401);
    }
  });

  it('leaves every other read as it was: no ETag, no-store, If-None-Match ignored', async () => {
    for (const url of [`/api/student/dashboard/${ids.studentId}`, `/api/student/${ids.studentId}`, '/api/course/']) {
      const answer = await poll(maria, url, '*');
      expect({ url, status: answer.status, etag: answer.etag, cacheControl: answer.cacheControl }).toEqual({
        url,
        status: 200,
        etag: null,
        cacheControl: 'no-store',
      });
    }
  });
});
