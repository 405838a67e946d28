import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { oggPage } from './opusFile';
import { type Client, type DemoIds, type RunningProvider, inDatabase, startDemoProvider } from './support';

/** Assignments students answer by voice, text or file; feedback and marks; the answers to mark; private media. */

interface Assignment {
  id: number;
  title: string;
  student: { id: number; full_name: string };
  student_status: boolean;
  answer_kind: string;
  due_at: string | null;
  mark_scale: string;
  created_at: string;
  answer: null | {
    text: string | null;
    voice: string | null;
    voice_seconds: number | null;
    file: string | null;
    file_name: string | null;
    answered_at: string;
  };
  feedback: null | {
    text: string | null;
    voice: string | null;
    voice_seconds: number | null;
    mark: string | null;
    marked_at: string;
  };
}

// --- Files built byte by byte: what the content checks must accept or refuse.

function ebml(idHex: string, payload: Buffer): Buffer {
  const length = payload.length < 127 ? Buffer.from([0x80 | payload.length]) : Buffer.from([0x40 | (payload.length >> 8), payload.length & 0xff]);
  return Buffer.concat([Buffer.from(idHex, 'hex'), length, payload]);
}

function float64(value: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(value);
  return bytes;
}

/**
 * An Opus-in-WebM recording declaring `seconds` (or, with null, no duration, as MediaRecorder
 * writes it), whose one block starts `lastBlockMs` into the recording; `trailing` bytes end its segment.
 */
function opusWebm(seconds: number | null, { codec = 'A_OPUS', lastBlockMs = 0, trailing = Buffer.alloc(0) as Buffer } = {}): File {
  const header = ebml('1a45dfa3', Buffer.concat([ebml('4282', Buffer.from('webm')), ebml('4287', Buffer.from([4]))]));
  const info = ebml(
    '1549a966',
    Buffer.concat([ebml('2ad7b1', Buffer.from([0x0f, 0x42, 0x40])), ...(seconds === null ? [] : [ebml('4489', float64(seconds * 1000))])]),
  );
  const track = ebml(
    'ae',
    Buffer.concat([ebml('d7', Buffer.from([1])), ebml('83', Buffer.from([2])), ebml('86', Buffer.from(codec)), ebml('e1', ebml('9f', Buffer.from([1])))]),
  );
  const clusterTime = Buffer.alloc(4);
  clusterTime.writeUInt32BE(lastBlockMs - (lastBlockMs % 1000));
  const block = Buffer.concat([Buffer.from([0x81]), Buffer.alloc(2), Buffer.from([0x80]), Buffer.alloc(20, 0xfc)]);
  block.writeInt16BE(lastBlockMs % 1000, 1);
  const cluster = ebml('1f43b675', Buffer.concat([ebml('e7', clusterTime), ebml('a3', block)]));
  const bytes = Buffer.concat([header, ebml('18538067', Buffer.concat([info, ebml('1654ae6b', track), cluster, trailing]))]);
  return new File([bytes], 'answer.webm', { type: 'audio/webm' });
}

/**
 * An Ogg Opus stream: its head page (pre-skip 312 samples) and, with `seconds`, a last page whose
 * granule position ends the recording there; without, no length the provider can read. `trailing`
 * bytes follow the last page.
 */
function opusOgg(seconds?: number, trailing: Buffer = Buffer.alloc(0)): File {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1;
  head.writeUInt16LE(312, 10);
  const pages = [
    oggPage([head], 0n, 0, 2),
    ...(seconds === undefined ? [] : [oggPage([Buffer.alloc(30, 0xfc)], BigInt(312 + seconds * 48_000), 1, 4)]),
  ];
  return new File([Buffer.concat([...pages, trailing])], 'note.ogg', { type: 'audio/ogg' });
}

const mediaRecorderWebm = () =>
  new File([fs.readFileSync(path.join(__dirname, 'fixtures', 'mediarecorder-1500ms.webm'))], 'blob', { type: 'audio/webm;codecs=opus' });

/** A stored (uncompressed) ZIP holding `entries`: a .docx when one is word/document.xml. */
function zipOf(entries: string[], name: string): File {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const fileName = Buffer.from(entry);
    const data = Buffer.from('<w:document/>');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new File([Buffer.concat([...locals, directory, end])], name, { type: 'application/zip' });
}

const pdf = (name: string) => new File(['%PDF-1.7\n%âãÏÓ\n1 0 obj <<>> endobj\n'], name, { type: 'application/octet-stream' });

describe('assignments students answer, with feedback and marks', () => {
  let provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client, kofi: Client, amara: Client, kwame: Client;
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

  beforeAll(async () => {
    ({ provider, ids, visitor, maria, kofi, amara, kwame } = await startDemoProvider());
  });
  afterAll(() => provider.stop());

  /** Amara gives Maria an assignment (201), with the extension fields given. */
  async function assign(fields: Record<string, string> = {}): Promise<Assignment> {
    const { status, body } = await amara.post<Assignment>(`/api/student-assignment/${ids.teacherId}/${ids.studentId}/`, {
      multipart: { teacher: ids.teacherId, student: ids.studentId, title: 'Numbers', detail: 'Count to ten.', ...fields },
    });
    expect(status).toBe(201);
    return body;
  }

  const answer = (client: Client, assignmentId: number, multipart: Record<string, string | Blob>) =>
    client.post<Assignment & { msg?: string }>(`/api/assignment-answer/${assignmentId}/`, { multipart });
  const feedback = (client: Client, assignmentId: number, multipart: Record<string, string | Blob>) =>
    client.post<Assignment & { msg?: string }>(`/api/assignment-feedback/${assignmentId}/`, { multipart });
  const onDisk = (url: string) => fs.existsSync(path.join(provider.dataDir, url));
  const dashboard = async () =>
    (await maria.get<Record<string, number>>(`/api/student/dashboard/${ids.studentId}`)).body;
  const toMark = async () =>
    (await amara.get<{ answers_to_mark: number }>(`/api/teacher/dashboard/${ids.teacherId}`)).body.answers_to_mark;

  it('creates assignments with an answer kind, a future due date and a mark scale, and every answer carries them', async () => {
    const plain = await assign();
    expect(plain).toMatchObject({ answer_kind: 'done', due_at: null, mark_scale: 'words', answer: null, feedback: null });
    expect(Date.parse(plain.created_at)).not.toBeNaN();

    const due = new Date(Date.now() + 3 * 86_400_000);
    const spoken = await assign({ answer_kind: 'voice', due_at: due.toISOString().replace('Z', '+00:00'), mark_scale: 'percent' });
    expect(spoken).toMatchObject({ answer_kind: 'voice', due_at: due.toISOString(), mark_scale: 'percent', answer: null, feedback: null });

    const past = await amara.post(`/api/student-assignment/${ids.teacherId}/${ids.studentId}/`, {
      multipart: { teacher: ids.teacherId, student: ids.studentId, title: 'Late', due_at: '2020-01-01T00:00:00Z' },
    });
    expect(past).toMatchObject({ status: 400, body: { msg: 'The due date must be in the future.' } });
    const garbled = await amara.post(`/api/student-assignment/${ids.teacherId}/${ids.studentId}/`, {
      multipart: { teacher: ids.teacherId, student: ids.studentId, title: 'X', due_at: 'next friday' },
    });
    expect(garbled.status).toBe(400);
    expect(garbled.body.msg).toMatch(/due date/);
    const unknownKind = await amara.post(`/api/student-assignment/${ids.teacherId}/${ids.studentId}/`, {
      multipart: { teacher: ids.teacherId, student: ids.studentId, title: 'X', answer_kind: 'video' },
    });
    expect(unknownKind.status).toBe(400);

    const mine = (await maria.get<Assignment[]>(`/api/my-assignments/${ids.studentId}`)).body;
    const theirs = (await amara.get<Assignment[]>(`/api/student-assignment/${ids.teacherId}/${ids.studentId}/`)).body;
    for (const list of [mine, theirs]) {
      expect(list.find((item) => item.id === spoken.id)).toEqual(spoken);
      for (const item of list) expect(Object.keys(item)).toEqual(expect.arrayContaining(['answer_kind', 'due_at', 'mark_scale', 'created_at', 'answer', 'feedback']));
    }
  });

  it('shows one assignment to its student and teacher only (401, 403, 404)', async () => {
    const { id } = await assign({ answer_kind: 'text' });
    expect((await maria.get<Assignment>(`/api/assignment/${id}`)).body).toMatchObject({ id, answer_kind: 'text' });
    expect((await amara.get(`/api/assignment/${id}`)).status).toBe(200);
    expect((await kofi.get(`/api/assignment/${id}`)).status).toBe(403);
    expect((await kwame.get(`/api/assignment/${id}`)).status).toBe(403);
    expect((await visitor.get(`/api/assignment/${id}`)).status).toBe(401);
    expect((await maria.get('/api/assignment/99999')).status).toBe(404);
  });

  it('takes the part the kind asks for, checked by content; a new answer replaces the old one and its file', async () => {
    const before = await dashboard();
    const spoken = await assign({ answer_kind: 'voice', due_at: tomorrow() });
    expect((await dashboard()).assignments_due).toBe(before.assignments_due! + 1);

    expect(await answer(maria, spoken.id, { text: 'I said it' })).toMatchObject({
      status: 400,
      body: { msg: 'Record your answer: the voice file is missing.' },
    });
    // Not Opus (a Vorbis WebM), a PDF named .webm, and a recording over 5 minutes are refused.
    for (const wrong of [opusWebm(40, { codec: 'A_VORBIS' }), new File(['%PDF-1.4'], 'x.webm', { type: 'audio/webm' })]) {
      const refused = await answer(maria, spoken.id, { voice: wrong });
      expect(refused).toMatchObject({ status: 400, body: { msg: 'The voice recording must be Opus audio in WebM or Ogg.' } });
    }
    // Over 5 minutes, declared or (as MediaRecorder writes it) found from the last block or page,
    // or of a length the content cannot tell: a trailing element of unknown size, a page whose
    // checksum fails (a fake shorter last page), a recording declaring less than its blocks hold.
    const fakePage = oggPage([Buffer.alloc(30, 0xfc)], BigInt(312 + 48_000), 2, 4);
    fakePage.writeUInt32LE(0, 22);
    for (const tooLong of [
      opusWebm(400),
      opusWebm(null, { lastBlockMs: 302_500 }),
      opusOgg(302),
      opusWebm(null, { lastBlockMs: 1000, trailing: Buffer.from([0x12, 0x54, 0xc3, 0x67, 0xff, 0x80, 0x80, 0x80]) }),
      opusWebm(10, { lastBlockMs: 302_500 }),
      opusOgg(),
      opusOgg(302, fakePage),
    ]) {
      expect(await answer(maria, spoken.id, { voice: tooLong })).toMatchObject({
        status: 400,
        body: { msg: 'The voice recording is too long: the limit is 5 minutes.' },
      });
    }
    expect(await answer(kofi, spoken.id, { voice: opusWebm(10) })).toMatchObject({ status: 403 });

    const first = await answer(maria, spoken.id, { voice: opusWebm(41.5), text: 'Uno, dos, tres…' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      student_status: true,
      answer: { text: 'Uno, dos, tres…', voice: expect.stringMatching(/^\/media\/assignment_answers\/\w+\.weba$/), voice_seconds: 41.5, file: null, file_name: null },
      feedback: null,
    });
    const firstVoice = first.body.answer!.voice!;
    expect(onDisk(firstVoice)).toBe(true);

    // Ogg Opus replaces the first answer.
    const second = await answer(maria, spoken.id, { voice: opusOgg(3) });
    expect(second.body.answer).toMatchObject({ text: null, voice: expect.stringMatching(/\.oga$/), voice_seconds: 3 });
    expect(onDisk(firstVoice)).toBe(false);
    expect((await maria.request('GET', firstVoice)).status).toBe(404);
    // What the app's recorder sends: Chromium's MediaRecorder WebM without a duration; and Ogg (Firefox).
    expect((await answer(maria, spoken.id, { voice: mediaRecorderWebm() })).body.answer!.voice_seconds).toBeCloseTo(1.4, 0);
    expect((await answer(maria, spoken.id, { voice: opusOgg(7) })).body.answer!.voice_seconds).toBe(7);
    expect(await dashboard()).toMatchObject({
      assignments_due: before.assignments_due,
      assignments_answered: before.assignments_answered! + 1,
    });

    // Text: required and not blank; a file answer takes no voice.
    const written = await assign({ answer_kind: 'text' });
    expect(await answer(maria, written.id, { text: '   ' })).toMatchObject({ status: 400, body: { msg: 'Write your answer in the text field.' } });
    expect((await answer(maria, written.id, { text: 'Hola', voice: opusOgg(2) })).status).toBe(400);
    expect((await answer(maria, written.id, { text: ' Hola, me llamo Maria. ' })).body.answer).toMatchObject({ text: 'Hola, me llamo Maria.' });

    // File: by content, whatever its name or declared type; the name kept as given, for display.
    const attached = await assign({ answer_kind: 'file' });
    expect(await answer(maria, attached.id, {})).toMatchObject({ status: 400, body: { msg: 'Attach your answer: the file is missing.' } });
    const notDocx = await answer(maria, attached.id, { file: zipOf(['word/other.xml'], 'essay.docx') });
    expect(notDocx.status).toBe(400);
    expect(notDocx.body.msg).toMatch(/^The file must be a PDF, PNG/);
    // A program named .txt, and UTF-16 text (its FF FE mark is no MP3 frame), are refused.
    for (const bytes of [[0x4d, 0x5a, 0x90, 0x00, 0x03], [0xff, 0xfe, 0x48, 0x00, 0x69, 0x00]]) {
      const refused = await answer(maria, attached.id, { file: new File([Buffer.from(bytes)], 'notes.txt', { type: 'text/plain' }) });
      expect(refused.status).toBe(400);
    }
    const mp3 = await answer(maria, attached.id, { file: new File([Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0])], 'take.mp3') });
    expect(mp3.body.answer!.file).toMatch(/\.mp3$/);
    const docx = await answer(maria, attached.id, { file: zipOf(['[Content_Types].xml', 'word/document.xml'], 'Mi ensayo.docx') });
    expect(docx.body.answer).toMatchObject({ file: expect.stringMatching(/\.docx$/), file_name: 'Mi ensayo.docx' });
    const text = await answer(maria, attached.id, { file: new File(['Mañana voy al mercado.\n'], 'c:\\work\\notes.bin', { type: 'image/png' }) });
    expect(text.body.answer).toMatchObject({ file: expect.stringMatching(/\.txt$/), file_name: 'notes.bin' });
    expect(onDisk(docx.body.answer!.file!)).toBe(false);
    const pdfAnswer = await answer(maria, attached.id, { file: pdf('scan.exe') });
    expect(pdfAnswer.body.answer!.file).toMatch(/\.pdf$/);
    const served = await maria.request('GET', pdfAnswer.body.answer!.file!);
    expect(served.headers.get('content-type')).toBe('application/pdf');

    // A `done` assignment takes no answer; a spoken one cannot be just ticked.
    const tick = await assign();
    expect(await answer(maria, tick.id, { text: 'done' })).toMatchObject({ status: 400, body: { msg: 'This assignment takes no answer: mark it as done.' } });
    const ticked = await maria.put(`/api/update-assignment/${written.id}/`, { multipart: { student_status: 'true' } });
    expect(ticked.status).toBe(400);
  });

  it('takes feedback on completed work only, a mark on its scale, and then locks the answer', async () => {
    const spoken = await assign({ answer_kind: 'voice', mark_scale: 'percent' });
    expect(await feedback(amara, spoken.id, { text: 'Good' })).toMatchObject({
      status: 400,
      body: { msg: 'This assignment is still pending: feedback follows the student’s answer.' },
    });
    await answer(maria, spoken.id, { voice: opusWebm(12) });
    const toMarkBefore = await toMark();
    const queueBefore = (await amara.get<Assignment[]>(`/api/teacher-answers/${ids.teacherId}`)).body;
    expect(queueBefore.at(-1)!.id).toBe(spoken.id);

    expect((await feedback(kwame, spoken.id, { text: 'Hi' })).status).toBe(403);
    expect((await feedback(maria, spoken.id, { text: 'Hi' })).status).toBe(401);
    expect(await feedback(amara, spoken.id, { text: '  ' })).toMatchObject({ status: 400, body: { msg: 'Give a text, a voice note or a mark.' } });
    expect(await feedback(amara, spoken.id, { mark: 'good' })).toMatchObject({
      status: 400,
      body: { msg: 'The mark must be a whole percentage from 0 to 100.' },
    });
    expect((await feedback(amara, spoken.id, { mark: '101' })).status).toBe(400);

    const given = await feedback(amara, spoken.id, { text: '¡Muy bien!', mark: '85', voice: opusWebm(20) });
    expect(given.status).toBe(200);
    expect(given.body.feedback).toMatchObject({
      text: '¡Muy bien!',
      mark: '85',
      voice: expect.stringMatching(/^\/media\/assignment_feedback\//),
      voice_seconds: 20,
    });
    expect(await toMark()).toBe(toMarkBefore - 1);
    // Replaced whole: the earlier voice note goes.
    const firstVoice = given.body.feedback!.voice!;
    const again = await feedback(amara, spoken.id, { mark: '90' });
    expect(again.body.feedback).toMatchObject({ text: null, voice: null, mark: '90' });
    expect(onDisk(firstVoice)).toBe(false);

    expect(await answer(maria, spoken.id, { voice: opusWebm(10) })).toMatchObject({
      status: 400,
      body: { msg: 'Your teacher has already given feedback: the answer can no longer change.' },
    });
    expect((await maria.get<Assignment>(`/api/assignment/${spoken.id}`)).body.feedback).toMatchObject({ mark: '90' });

    const worded = await assign({ answer_kind: 'text' });
    await answer(maria, worded.id, { text: 'Hola' });
    expect((await feedback(amara, worded.id, { mark: '50' })).status).toBe(400);
    expect((await feedback(amara, worded.id, { mark: 'excellent' })).body.feedback).toMatchObject({ mark: 'excellent', text: null });
    expect((await dashboard()).assignments_marked).toBeGreaterThanOrEqual(2);
  });

  it('counts only answers that exist and have no feedback: a done-only assignment marked done is not one to mark', async () => {
    const url = `/api/teacher-answers/${ids.teacherId}`;
    const before = await toMark();
    const ticked = await assign();
    expect(ticked.answer_kind).toBe('done');
    expect((await maria.put(`/api/update-assignment/${ticked.id}/`, { multipart: { student_status: 'true' } })).status).toBe(200);
    expect((await maria.get<Assignment>(`/api/assignment/${ticked.id}`)).body).toMatchObject({ student_status: true, answer: null, feedback: null });

    expect(await toMark()).toBe(before);
    const queue = await amara.get<Assignment[]>(url);
    expect(Number(queue.response.headers.get('x-total-count'))).toBe(before);
    expect(queue.body.map((item) => item.id)).not.toContain(ticked.id);
    expect(queue.body.every((item) => item.answer !== null && item.feedback === null)).toBe(true);
    expect((await amara.get<Assignment[]>(`${url}?status=all`)).body.map((item) => item.id)).not.toContain(ticked.id);

    const written = await assign({ answer_kind: 'text' });
    await answer(maria, written.id, { text: 'Uno, dos, tres' });
    expect(await toMark()).toBe(before + 1);
  });

  it('lists the answers to mark oldest first, the marked newest first, paged with X-Total-Count', async () => {
    const url = `/api/teacher-answers/${ids.teacherId}`;
    const unmarked = await amara.get<Assignment[]>(url);
    expect(unmarked.status).toBe(200);
    const total = Number(unmarked.response.headers.get('x-total-count'));
    expect(total).toBe(unmarked.body.length);
    expect(total).toBe(await toMark());
    expect(unmarked.body.every((item) => item.student_status && item.feedback === null)).toBe(true);
    const answeredTimes = unmarked.body.map((item) => item.answer?.answered_at ?? '').filter(Boolean);
    expect(answeredTimes).toEqual([...answeredTimes].sort());

    const marked = await amara.get<Assignment[]>(`${url}?status=marked`);
    expect(marked.body.length).toBeGreaterThanOrEqual(2);
    const markedTimes = marked.body.map((item) => item.feedback!.marked_at);
    expect(markedTimes).toEqual([...markedTimes].sort().reverse());

    const all = await amara.get<Assignment[]>(`${url}?status=all`);
    expect(Number(all.response.headers.get('x-total-count'))).toBe(total + Number(marked.response.headers.get('x-total-count')));
    const page = await amara.get<Assignment[]>(`${url}?status=all&limit=2&offset=1`);
    expect(page.body.map((item) => item.id)).toEqual(all.body.slice(1, 3).map((item) => item.id));
    expect(page.response.headers.get('x-total-count')).toBe(all.response.headers.get('x-total-count'));

    expect((await amara.get(`${url}?status=late`)).status).toBe(400);
    expect((await kwame.get(url)).status).toBe(403);
    expect((await visitor.get(url)).status).toBe(401);
  });

  it('serves every answer and feedback file as an attachment, a file under its given name cleaned with the stored extension', async () => {
    const attached = await assign({ answer_kind: 'file' });
    const page = new File(['<html><script>alert(document.cookie)</script></html>'], 'homework.html', { type: 'text/html' });
    const file = (await answer(maria, attached.id, { file: page })).body.answer!;
    expect(file).toMatchObject({ file: expect.stringMatching(/\.txt$/), file_name: 'homework.html' });
    const downloaded = await amara.request('GET', file.file!);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(downloaded.headers.get('x-content-type-options')).toBe('nosniff');
    expect(downloaded.headers.get('content-disposition')).toBe('attachment; filename="homework.txt"; filename*=UTF-8\'\'homework.txt');

    // A right-to-left override that would show "…exe.txt" backwards, folders, a device name, accents.
    for (const [given, expected] of [
      ['r\u00e9sum\u00e9\u202Etxt.exe', 'attachment; filename="r_sum_txt.txt"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9txt.txt'],
      ['C:\\Users\\maria\\..\\notes.pdf.', 'attachment; filename="notes.txt"; filename*=UTF-8\'\'notes.txt'],
      ['CON.txt', 'attachment; filename="_CON.txt"; filename*=UTF-8\'\'_CON.txt'],
      ['...', 'attachment; filename="answer.txt"; filename*=UTF-8\'\'answer.txt'],
    ]) {
      const kept = (await answer(maria, attached.id, { file: new File(['plain words'], given!) })).body.answer!;
      expect((await maria.request('GET', kept.file!)).headers.get('content-disposition')).toBe(expected);
    }

    const spoken = await assign({ answer_kind: 'voice' });
    const voice = (await answer(maria, spoken.id, { voice: opusWebm(5) })).body.answer!.voice!;
    const note = (await feedback(amara, spoken.id, { voice: opusWebm(3) })).body.feedback!.voice!;
    for (const url of [voice, note]) {
      const heard = await maria.request('GET', url);
      expect(heard.headers.get('x-content-type-options')).toBe('nosniff');
      expect(heard.headers.get('content-disposition')).toBe(`attachment; filename="${path.basename(url)}"; filename*=UTF-8''${path.basename(url)}`);
    }
  });

  it('serves answers and feedback only to their student and teacher, and to nobody once the student leaves', async () => {
    const spoken = await assign({ answer_kind: 'voice' });
    const voice = (await answer(maria, spoken.id, { voice: opusWebm(5) })).body.answer!.voice!;
    const note = (await feedback(amara, spoken.id, { voice: opusWebm(3) })).body.feedback!.voice!;
    for (const url of [voice, note]) {
      const heard = await maria.request('GET', url);
      expect(heard.status).toBe(200);
      expect(heard.headers.get('content-type')).toBe('audio/webm');
      expect(heard.headers.get('cache-control')).toBe('private, no-cache');
      expect((await amara.request('GET', url)).status).toBe(200);
      // Kofi is Amara's student too, Kwame another teacher: neither learns the file exists.
      for (const other of [kofi, kwame, visitor]) expect((await other.request('GET', url)).status).toBe(404);
    }
    const attached = await assign({ answer_kind: 'file' });
    const file = (await answer(maria, attached.id, { file: pdf('work.pdf') })).body.answer!.file!;
    expect((await amara.request('GET', file)).status).toBe(200);
    expect((await kofi.request('GET', file)).status).toBe(404);

    // Maria leaves Amara's only course she was in: the files go dark for both, and she cannot answer.
    const pending = await assign({ answer_kind: 'text' });
    await inDatabase(provider, (queries) =>
      queries.run(
        sql`DELETE FROM enrollments WHERE student_id = ${ids.studentId} AND course_id IN (SELECT id FROM courses WHERE teacher_id = ${ids.teacherId})`,
      ),
    );
    for (const url of [voice, note, file]) {
      expect((await maria.request('GET', url)).status).toBe(404);
      expect((await amara.request('GET', url)).status).toBe(404);
    }
    expect((await answer(maria, pending.id, { text: 'Hola' })).status).toBe(403);
    const queue = await amara.get<Assignment[]>(`/api/teacher-answers/${ids.teacherId}?status=all`);
    expect(queue.body.some((item) => item.student.id === ids.studentId)).toBe(false);
    expect(await toMark()).toBe(0);
  });
});
