/**
 * A lesson in the browser (issue 40): the demo teacher (Lagos) saves hours on the Lessons page; the
 * second demo student, on a phone in New York's time zone, books the free trial on the teacher page; then both are in the lesson
 * room from two browser contexts with Chromium's fake camera and microphone (a test pattern and a
 * beep): each receives the other's video (frames) and sound (a level above silence), the chat works
 * both ways, the student's controls are on screen at 390 px, and leaving and joining again meets
 * the teacher again. The teacher writes the note, the student reads it and rates the lesson, and
 * the rating shows on the teacher page. The lesson's time is moved in the lane provider's database
 * (to have started, then to be over): a journey cannot wait for a booked time to come.
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

/** The student's id, as the app keeps it (localStorage `studentId`). */
function studentIdOf(page: Page): Promise<string> {
  return page.evaluate(() => window.localStorage.getItem('studentId') ?? '');
}

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
  let teacherId: number;
  let lessonId: number;
  let minutes: number;

  /** Moves the lesson to start `fromNowMs` from now in the lane provider's database. */
  const moveLesson = (fromNowMs: number) => {
    const dataDir = process.env.E2E_PROVIDER_DATA;
    assert.ok(dataDir, "E2E_PROVIDER_DATA names the lane provider's data folder (test/e2e/run.ts)");
    const database = new Database(path.join(dataDir, 'provider.sqlite'));
    try {
      const startsAt = Date.now() + fromNowMs;
      database
        .prepare('UPDATE lessons SET starts_at = ?, ends_at = ? WHERE id = ?')
        .run(new Date(startsAt).toISOString(), new Date(startsAt + minutes * minute).toISOString(), lessonId);
    } finally {
      database.close();
    }
  };

  journey.step('the teacher saves hours; a student in New York books the free trial on the teacher page, in three steps by keyboard', async (teacher) => {
    teacherId = await logInThroughApi(teacher, 'teacher', demoLogins.teacher, { open: '/teacher-lessons' });
    // The teacher adds hours on the first day of the week they keep free, and saves them.
    const hours = teacher.getByRole('region', { name: 'Your hours' });
    await hours.getByRole('button', { name: 'Save hours', exact: true }).waitFor();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      if ((await hours.getByRole('combobox', { name: `${day} from`, exact: true }).count()) > 0) continue;
      await hours.getByRole('button', { name: `Add hours for ${day}` }).click();
      break;
    }
    await hours.getByRole('button', { name: 'Save hours', exact: true }).click();
    await teacher.getByText('Your hours are saved.').waitFor();
    const browser = journey.context.browser();
    assert.ok(browser);
    studentContext = await browser.newContext({
      baseURL: appUrl,
      viewport: phoneViewport,
      locale: 'en-GB',
      timezoneId: 'America/New_York',
      serviceWorkers: 'block',
      reducedMotion: 'reduce',
    });
    studentContext.setDefaultTimeout(15_000);
    student = await studentContext.newPage();
    await logInThroughApi(student, 'student', demoLogins.otherStudent, { open: `/teacher-detail/${teacherId}` });

    // The section loads when the student scrolls down to it, under the teacher's courses.
    await student.getByRole('heading', { level: 1 }).waitFor();
    const section = student.getByRole('region', { name: 'Lessons' });
    assert.equal(await section.count(), 0, 'the Lessons section waits until it is scrolled near');
    await student.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await section.getByText('Times are in America/New_York').waitFor({ timeout: 30_000 });
    await expectAccessible(student, 'teacher page, lessons, phone');
    // By keyboard: the type, a time, then Book, each with Enter.
    await section.getByRole('button', { name: /^Trial lesson/ }).focus();
    await student.keyboard.press('Enter');
    await section.getByRole('group', { name: /^Free times on / }).getByRole('button').first().focus();
    await student.keyboard.press('Enter');
    const dialog = student.getByRole('dialog', { name: 'Book this lesson?' });
    await dialog.getByText('(America/New_York)').waitFor();
    await expectAccessible(student, 'booking dialog, phone');
    await dialog.getByRole('button', { name: 'Book free trial' }).focus();
    await student.keyboard.press('Enter');
    const booked = student.getByRole('dialog', { name: 'Your lesson is booked' });
    await booked.getByRole('link', { name: 'Go to My lessons' }).click();
    const lesson = student.getByRole('list', { name: 'Upcoming lessons' }).getByRole('listitem').first();
    await lesson.getByText('(America/New_York)').waitFor();

    // The booking is the provider's: its id from the student's list.
    const listed = (await (await student.request.get(`/api/student-lessons/${await studentIdOf(student)}/`)).json()) as { lessons: { id: number; minutes: number }[] };
    assert.equal(listed.lessons.length, 1);
    lessonId = listed.lessons[0]!.id;
    minutes = listed.lessons[0]!.minutes;
    moveLesson(-minute);
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

  journey.step('the chat works both ways (the student sends with Enter)', async (teacher) => {
    await teacher.getByRole('textbox', { name: 'Message' }).fill('Hello! Can you hear me?');
    await teacher.getByRole('button', { name: 'Send', exact: true }).click();
    const studentChat = student.getByRole('list', { name: 'Messages of the lesson' });
    await studentChat.getByText('Hello! Can you hear me?').waitFor();
    // By keyboard: Enter in the field sends.
    await student.getByRole('textbox', { name: 'Message' }).fill('Yes, very well.');
    await student.keyboard.press('Enter');
    await teacher.getByRole('list', { name: 'Messages of the lesson' }).getByText('Yes, very well.').waitFor();
  });

  journey.step('on a phone the student has every control on screen; muting by keyboard says so', async () => {
    const controls = student.getByRole('group', { name: 'Call controls' });
    for (const name of ['Mute microphone', 'Turn camera off', 'Leave']) {
      const box = await controls.getByRole('button', { name }).boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= phoneViewport.width, `${name} is on screen at 390 px`);
    }
    // By keyboard: Space on the focused control, which keeps the focus.
    await controls.getByRole('button', { name: 'Mute microphone' }).focus();
    await student.keyboard.press('Space');
    await controls.getByRole('button', { name: 'Unmute microphone' }).waitFor();
    await student.keyboard.press('Space');
    await controls.getByRole('button', { name: 'Mute microphone' }).waitFor();
    assert.equal(await controls.getByRole('button', { name: 'Mute microphone' }).evaluate((button) => button === document.activeElement), true);
  });

  journey.step('the student leaves and joins again, and they meet again', async (teacher) => {
    const studentName = (await teacher.getByRole('heading', { level: 1 }).textContent())?.replace(/^.* with /, '') ?? '';
    await student.getByRole('button', { name: 'Leave', exact: true }).click();
    await student.getByText('You left the lesson.').waitFor();
    await teacher.getByText(`Waiting for ${studentName} to join…`).waitFor();
    await student.getByRole('button', { name: 'Join again', exact: true }).click();
    await teacher.getByText(`You are in the lesson with ${studentName}.`).waitFor({ timeout: 30_000 });
    await expectVideoFrom(teacher, studentName);
  });

  journey.step('the teacher writes the note, and once the lesson is over the student reads it and rates the lesson', async (teacher) => {
    await teacher.goto('/teacher-my-lessons');
    await teacher.getByRole('button', { name: /^Write the note of / }).first().click();
    const noteDialog = teacher.getByRole('dialog', { name: /^Note on / });
    await noteDialog.getByRole('textbox', { name: 'What the lesson covered' }).fill('Greetings at different times of day.');
    await expectAccessible(teacher, 'lesson note dialog');
    await noteDialog.getByRole('button', { name: 'Save note' }).click();
    await teacher.getByText('Your note: Greetings at different times of day.').waitFor();

    // The lesson is over: brought to an hour ago.
    moveLesson(-60 * minute);
    await student.goto('/student-lessons');
    await student.getByRole('button', { name: 'Past', exact: true }).click();
    const past = student.getByRole('list', { name: 'Past lessons' }).getByRole('listitem').first();
    await past.getByText('Teacher’s note: Greetings at different times of day.').waitFor();
    await past.getByRole('button', { name: /^Rate / }).click();
    const rateDialog = student.getByRole('dialog', { name: /^Rate / });
    // MUI's Rating: a tap on the fifth star, its radio's label (the radio itself is visually hidden).
    const fiveStars = await rateDialog.getByRole('radio', { name: '5 Stars' }).getAttribute('id');
    await rateDialog.locator(`label[for="${fiveStars}"]`).click();
    await rateDialog.getByRole('textbox', { name: 'Comment (optional)' }).fill('Patient, and lots of speaking.');
    await expectAccessible(student, 'rating dialog, phone');
    await rateDialog.getByRole('button', { name: 'Save rating' }).click();
    await past.getByText('Your rating: 5 of 5').waitFor();

    await student.goto(`/teacher-detail/${teacherId}`);
    await student.getByRole('heading', { level: 1 }).waitFor();
    await student.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await student.getByRole('list', { name: 'Latest ratings' }).getByText('Patient, and lots of speaking.').first().waitFor({ timeout: 30_000 });
    await studentContext.close();
  });
});
