/**
 * A lesson in the browser (issue 40): the demo teacher's free trial booked by the second demo
 * student, then both in the lesson room from two browser contexts with Chromium's fake camera and
 * microphone (a test pattern and a beep): each receives the other's video (frames) and sound (a
 * level above silence), the chat works both ways, the student on a phone has the controls on
 * screen, and leaving and joining again meets the teacher again. The lesson's time is brought
 * forward in the lane provider's database: the room opens 10 minutes before a lesson, and a
 * journey cannot wait for a booked time to come.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe } from 'node:test';
import Database from 'better-sqlite3';
import { type BrowserContext, type Page } from 'playwright-core';
import { appUrl, expectAccessible, useJourney } from '../browser';
import { logInThroughApi, phoneViewport } from '../flows';
import { demoLogins } from '../provider';

const minute = 60_000;

/** The other person's video shows moving frames: its size is known and its time goes on. */
async function expectVideoFrom(page: Page, name: string): Promise<void> {
  const video = page.getByLabel(`${name}’s video`, { exact: true });
  await video.waitFor();
  await page.waitForFunction(
    (label) => {
      const element = document.querySelector<HTMLVideoElement>(`video[aria-label="${label}"]`);
      return element !== null && element.videoWidth > 0 && element.currentTime > 0.5;
    },
    `${name}’s video`,
    { timeout: 30_000 },
  );
}

/** The other person's sound is above silence: the fake microphone's beep, measured over two seconds. */
async function expectSoundFrom(page: Page, name: string): Promise<void> {
  const loudest = await page.getByLabel(`${name}’s video`, { exact: true }).evaluate(async (video: HTMLVideoElement) => {
    const stream = video.srcObject as MediaStream | null;
    if (!stream || stream.getAudioTracks().length === 0) return -1;
    const audio = new AudioContext();
    await audio.resume();
    const analyser = audio.createAnalyser();
    audio.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let peak = 0;
    const until = performance.now() + 2000;
    while (performance.now() < until) {
      analyser.getFloatTimeDomainData(samples);
      for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await audio.close();
    return peak;
  });
  assert.ok(loudest > 0.01, `${name}'s sound reaches the other side (peak ${loudest})`);
}

describe('a lesson in the browser, teacher and student', () => {
  const journey = useJourney('lesson-room');
  let studentContext: BrowserContext;
  let student: Page;
  let lessonId: number;

  journey.step('the student books the teacher’s free trial, and the lesson is brought to now', async (teacher) => {
    const teacherId = await logInThroughApi(teacher, 'teacher', demoLogins.teacher, { open: null });
    const browser = journey.context.browser();
    assert.ok(browser);
    studentContext = await browser.newContext({ baseURL: appUrl, viewport: phoneViewport, locale: 'en-GB', serviceWorkers: 'block', reducedMotion: 'reduce' });
    studentContext.setDefaultTimeout(15_000);
    student = await studentContext.newPage();
    const studentId = await logInThroughApi(student, 'student', demoLogins.otherStudent, { open: null });

    const lessons = await (await student.request.get(`/api/teacher-lessons/${teacherId}/`)).json();
    const trial = (lessons as { lesson_types: { id: number; free_trial: boolean; minutes: number }[] }).lesson_types.find((type) => type.free_trial);
    assert.ok(trial, 'the demo teacher offers a free trial');
    const free = (await (await student.request.get(`/api/teacher-lessons/${teacherId}/free-times/?minutes=${trial.minutes}`)).json()) as { times: { start: string }[] };
    assert.ok(free.times.length > 0, 'the demo teacher has free times');
    const xsrf = (await studentContext.cookies(appUrl)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const booked = await student.request.post('/api/lessons/', {
      headers: { 'X-XSRF-TOKEN': xsrf, Origin: appUrl },
      form: { student_id: String(studentId), lesson_type_id: String(trial.id), starts_at: free.times[0]!.start },
    });
    assert.equal(booked.status(), 201, await booked.text());
    lessonId = ((await booked.json()) as { lesson: { id: number } }).lesson.id;

    const dataDir = process.env.E2E_PROVIDER_DATA;
    assert.ok(dataDir, "E2E_PROVIDER_DATA names the lane provider's data folder (test/e2e/run.ts)");
    const database = new Database(path.join(dataDir, 'provider.sqlite'));
    try {
      const startsAt = Date.now() + 2 * minute;
      database
        .prepare('UPDATE lessons SET starts_at = ?, ends_at = ? WHERE id = ?')
        .run(new Date(startsAt).toISOString(), new Date(startsAt + trial.minutes * minute).toISOString(), lessonId);
    } finally {
      database.close();
    }
  });

  journey.step('both join: each sees and hears the other', async (teacher) => {
    await teacher.goto(`/lesson-room/${lessonId}`);
    await student.goto(`/lesson-room/${lessonId}`);
    const teacherHeading = teacher.getByRole('heading', { level: 1 });
    await teacherHeading.waitFor();
    const studentName = (await teacherHeading.textContent())?.replace(/^.* with /, '') ?? '';
    const teacherName = (await student.getByRole('heading', { level: 1 }).textContent())?.replace(/^.* with /, '') ?? '';
    await expectAccessible(teacher, 'lesson room, before joining');

    await teacher.getByRole('button', { name: 'Join', exact: true }).click();
    await teacher.getByText(`Waiting for ${studentName} to join…`).waitFor();
    await student.getByRole('button', { name: 'Join', exact: true }).click();
    await student.getByText(`You are in the lesson with ${teacherName}.`).waitFor({ timeout: 30_000 });
    await teacher.getByText(`You are in the lesson with ${studentName}.`).waitFor({ timeout: 30_000 });

    await expectVideoFrom(student, teacherName);
    await expectVideoFrom(teacher, studentName);
    await expectSoundFrom(student, teacherName);
    await expectSoundFrom(teacher, studentName);
    await expectAccessible(teacher, 'lesson room, in the call');
    await expectAccessible(student, 'lesson room, in the call, phone');
  });

  journey.step('the chat works both ways', async (teacher) => {
    await teacher.getByRole('textbox', { name: 'Message' }).fill('Hello! Can you hear me?');
    await teacher.getByRole('button', { name: 'Send', exact: true }).click();
    const studentChat = student.getByRole('list', { name: 'Messages of the lesson' });
    await studentChat.getByText('Hello! Can you hear me?').waitFor();
    await student.getByRole('textbox', { name: 'Message' }).fill('Yes, very well.');
    await student.getByRole('button', { name: 'Send', exact: true }).click();
    await teacher.getByRole('list', { name: 'Messages of the lesson' }).getByText('Yes, very well.').waitFor();
  });

  journey.step('on a phone the student has every control on screen; muting says so', async () => {
    const controls = student.getByRole('group', { name: 'Call controls' });
    for (const name of ['Mute microphone', 'Turn camera off', 'Leave']) {
      const box = await controls.getByRole('button', { name }).boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= phoneViewport.width, `${name} is on screen at 390 px`);
    }
    await controls.getByRole('button', { name: 'Mute microphone' }).click();
    await controls.getByRole('button', { name: 'Unmute microphone' }).click();
    await controls.getByRole('button', { name: 'Mute microphone' }).waitFor();
  });

  journey.step('the student leaves and joins again, and they meet again', async (teacher) => {
    const studentName = (await teacher.getByRole('heading', { level: 1 }).textContent())?.replace(/^.* with /, '') ?? '';
    await student.getByRole('button', { name: 'Leave', exact: true }).click();
    await student.getByText('You left the lesson.').waitFor();
    await teacher.getByText(`Waiting for ${studentName} to join…`).waitFor();
    await student.getByRole('button', { name: 'Join again', exact: true }).click();
    await teacher.getByText(`You are in the lesson with ${studentName}.`).waitFor({ timeout: 30_000 });
    await expectVideoFrom(teacher, studentName);
    await studentContext.close();
  });
});
