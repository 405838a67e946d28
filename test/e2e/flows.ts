/** Steps several journeys share, done through the screens as a person would. */
import assert from 'node:assert/strict';
import { type BrowserContext, type Page } from 'playwright-core';
import { appUrl, expectAccessible, saveScreenshot, storedValue } from './browser';

export interface Credentials {
  email: string;
  password: string;
}

/** The login screen of a side, the dashboard it leads to and the storage keys it sets. */
export const sides = {
  student: {
    login: '/student-login',
    loginHeading: 'Student Login',
    dashboard: '/student-dashboard',
    flag: 'studentLoginStatus',
    id: 'studentId',
  },
  teacher: {
    login: '/teacher-login',
    loginHeading: 'Teacher Login',
    dashboard: '/teacher-dashboard',
    flag: 'teacherLoginStatus',
    id: 'teacherId',
  },
} as const;

export type Side = keyof typeof sides;

/** Opens the side's login screen, checks it, logs in and waits for the dashboard. */
export async function logInThroughForm(page: Page, side: Side, credentials: Credentials): Promise<void> {
  const screen = sides[side];
  await page.goto(screen.login);
  await page.getByRole('heading', { level: 1, name: screen.loginHeading }).waitFor();
  await expectAccessible(page, `${side} login`);
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(credentials.email);
  await form.getByLabel('Password').fill(credentials.password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${appUrl}${screen.dashboard}`);
}

/** The provider's call of each side's login form (through the app's origin, as the app makes it) and the id it answers. */
const loginCalls = {
  student: { path: '/api/student-login', idField: 'student_id', encoding: 'multipart' },
  teacher: { path: '/api/teacher-login', idField: 'teacher_id', encoding: 'form' },
} as const;

/**
 * Logs in as the login form does, without the form, for the journeys whose point is not the
 * login: the provider's login call through the app's origin (/api, which the app server proxies
 * to the provider), so the session cookie lands in the browser context, with the XSRF header
 * the provider asks of every call (the token is the `XSRF-TOKEN` cookie, which any answer of
 * the provider sets when the browser has none); then the four localStorage entries the app keeps
 * of who is logged in (`studentLoginStatus`/`studentId`, `teacherLoginStatus`/`teacherId`), so
 * that the app starts logged in exactly as after a form login. Finally opens `open` (the side's
 * dashboard unless said; `null`: stays on the app's origin with no screen loaded) as a full load,
 * which reads those entries. Given a context rather than a page, it sets the entries from a page
 * of its own, closed after; `open` is then ignored. Returns the id the provider answered.
 */
export async function logInThroughApi(target: Page | BrowserContext, side: Side, credentials: Credentials, { open }: { open?: string | null } = {}): Promise<number> {
  const screen = sides[side];
  const call = loginCalls[side];
  const isPage = 'goto' in target;
  const context = isPage ? target.context() : target;
  const xsrfToken = async () => (await context.cookies(appUrl)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  // A page still running the app may be calling the provider: an answer to a call made without the
  // cookie sets a new XSRF-TOKEN, which could replace the one sent below. The icon runs no app.
  if (isPage && new URL(target.url()).origin === new URL(appUrl).origin) await target.goto('/favicon.svg');
  if ((await xsrfToken()) === undefined) {
    const first = await context.request.get(`${appUrl}/api/category`);
    assert.equal(first.status(), 200, `GET /api/category answered ${first.status()}`);
  }
  const token = await xsrfToken();
  assert.ok(token, 'the provider set the XSRF-TOKEN cookie');
  const fields = { email: credentials.email, password: credentials.password };
  const answer = await context.request.post(`${appUrl}${call.path}`, {
    headers: { 'X-XSRF-TOKEN': token, Origin: appUrl },
    ...(call.encoding === 'multipart' ? { multipart: fields } : { form: fields }),
  });
  const body = (await answer.json().catch(() => ({}))) as Record<string, unknown>;
  assert.equal(answer.status(), 200, `POST ${call.path} answered ${answer.status()}: ${JSON.stringify(body)}`);
  assert.equal(body.bool, true, `${side} login of ${credentials.email} refused: ${JSON.stringify(body)}`);
  assert.notEqual(body.login_via_otp, true, `${credentials.email} logs in with a code: log in through the form`);
  const id = Number(body[call.idField]);
  assert.ok(Number.isInteger(id) && id > 0, `${call.path} answered the ${side}'s id: ${JSON.stringify(body)}`);

  const page = isPage ? target : await context.newPage();
  try {
    // Any document of the app's origin gives its localStorage; the icon loads no app.
    if (new URL(page.url()).origin !== new URL(appUrl).origin) await page.goto('/favicon.svg');
    await page.evaluate(
      ({ flag, idKey, value }) => {
        window.localStorage.setItem(flag, 'true');
        window.localStorage.setItem(idKey, value);
      },
      { flag: screen.flag, idKey: screen.id, value: String(id) },
    );
  } finally {
    if (!isPage) await page.close();
  }
  const destination = open === undefined ? screen.dashboard : open;
  if (isPage && destination !== null) {
    await page.goto(destination);
    await page.waitForURL(`${appUrl}${destination}`);
  }
  return id;
}

/** Asserts the side's login flag and numeric id in localStorage; returns the id. */
export async function expectStoredLogin(page: Page, side: Side): Promise<number> {
  const screen = sides[side];
  assert.equal(await storedValue(page, screen.flag), 'true', `localStorage ${screen.flag}`);
  const id = await storedValue(page, screen.id);
  assert.match(id ?? '', /^\d+$/, `localStorage ${screen.id} is numeric`);
  return Number(id);
}

/** Waits for the dashboard's heading, then checks the screen with axe. */
export async function expectDashboard(page: Page, side: Side): Promise<void> {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await waitForSkeletonsToGo(page);
  await expectAccessible(page, `${side} dashboard`);
}

/** Waits until no MUI Skeleton (loading placeholder) is left on the page. */
export async function waitForSkeletonsToGo(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.MuiSkeleton-root') === null);
}

/**
 * Opens `path` in the app already loaded in the page, as its own links do (the router follows the
 * history), without loading the page and its code again; on a blank page, loads it. For the
 * sweeps, which look at each screen once it is shown: loading a page, its server rendering and
 * hydration are the serving journey's subject.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  if (!page.url().startsWith(appUrl)) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

/** A phone held upright (an iPhone 14's CSS viewport). */
export const phoneViewport = { width: 390, height: 844 } as const;

/**
 * On a phone-sized window, checks an area screen as a person would scroll it: the page does not
 * scroll sideways, the list is cards (no table), and every button and link of every card lies
 * inside the window's width. Returns how many such actions there are, for the caller to expect
 * the ones it knows of. Saves a screenshot on failure.
 */
export async function expectRowActionsInView(page: Page, label: string): Promise<number> {
  await waitForSkeletonsToGo(page);
  const found = await page.evaluate(() => {
    const width = window.innerWidth;
    const actions = [...document.querySelectorAll('main ul[aria-label] > li')].flatMap((card) => [...card.querySelectorAll('a, button')]);
    const outside = actions
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.right > width + 0.5 || box.left < -0.5))
      .map(({ element, box }) => `${element.tagName.toLowerCase()} "${element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''}" at ${Math.round(box.left)}–${Math.round(box.right)} px`);
    return {
      overflow: document.documentElement.scrollWidth - width,
      tables: document.querySelectorAll('main table').length,
      actions: actions.length,
      outside,
    };
  });
  if (found.overflow > 0 || found.tables > 0 || found.outside.length > 0) {
    const screenshot = await saveScreenshot(page, `phone-${label}`);
    assert.ok(found.overflow <= 0, `${label} (${page.url()}) scrolls ${found.overflow} px sideways; screenshot ${screenshot}`);
    assert.equal(found.tables, 0, `${label} (${page.url()}) shows a table on a phone; screenshot ${screenshot}`);
    assert.deepEqual(found.outside, [], `${label} (${page.url()}): row actions outside the ${phoneViewport.width} px window; screenshot ${screenshot}`);
  }
  return found.actions;
}

/** The changes waiting in the outbox (the app's IndexedDB database `academy-outbox`). */
export function keptChanges(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('academy-outbox');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('changes')) return resolve(0);
          const counting = db.transaction('changes').objectStore('changes').count();
          counting.onsuccess = () => resolve(counting.result);
          counting.onerror = () => reject(counting.error);
        };
      }),
  );
}
