/**
 * The served build and the provider behind it behave as one site: deep links load the
 * app, the API and media are same-origin (cookies, XSRF, Range), and the local checkout
 * page is accessible and redirects back into the app untouched.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { type Page } from 'playwright-core';
import { bootFilesOf } from '../../../scripts/pageDocument';
import { appUrl, expectAccessible, useJourney } from '../browser';
import { demoLogins, isPaid, listCourses } from '../provider';

/**
 * Opens a page the render server renders with its data. Short of time (its deadline, its queue) it
 * sends the prerendered page or the shell by design: on a loaded machine, once more after a pause,
 * and then it must render.
 */
async function openRendered(page: Page, path: string) {
  const answer = await page.goto(path);
  if ((await answer!.text()).includes('<script type="application/json" id="api-state">')) return answer;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return page.goto(path);
}

describe('serving the build next to the provider', () => {
  const journey = useJourney('serving');
  let studentId = 0;
  let xsrfToken = '';

  journey.step('a deep link gets the app shell, hashed scripts are cached for long', async (page) => {
    const answer = await page.goto('/detail/1');
    assert.equal(answer?.status(), 200);
    assert.equal(answer?.headers()['cache-control'], 'no-cache');
    await page.getByRole('banner').waitFor();

    const scripts = await page.locator('script[src]').evaluateAll((elements) =>
      elements.map((element) => (element as HTMLScriptElement).src),
    );
    assert.ok(scripts.length > 0, 'the page loads scripts');
    const script = await page.request.get(scripts[0] as string);
    assert.equal(script.status(), 200);
    assert.match(script.headers()['cache-control'] ?? '', /immutable/);
    assert.match(script.headers()['content-type'] ?? '', /javascript/);

    const missing = await page.request.get('/js/missing.0123456789.chunk.js');
    assert.equal(missing.status(), 404, 'a missing script is a 404, not the app shell');
  });

  journey.step('text is sent compressed: brotli copies of the scripts and pages, the API compressed by the provider', async (page) => {
    const brotli = { 'Accept-Encoding': 'br, gzip' };
    const html = await page.request.get('/about', { headers: brotli });
    assert.equal(html.headers()['content-encoding'], 'br');
    assert.equal(html.headers()['cache-control'], 'no-cache');
    assert.match(html.headers().vary ?? '', /accept-encoding/i);
    const { scripts: entry, chunks } = bootFilesOf(await html.text());
    const scripts = [...entry, ...chunks].map((file) => `/${file}`);
    assert.ok(entry.length > 0, 'the page loads scripts');
    for (const script of scripts) {
      const answer = await page.request.get(script, { headers: brotli });
      assert.equal(answer.headers()['content-encoding'], 'br', `${script} is sent as its brotli copy`);
      assert.equal(answer.headers()['cache-control'], 'public, max-age=31536000, immutable');
    }
    const gzip = await page.request.get(scripts[0] as string, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(gzip.headers()['content-encoding'], 'gzip');
    const courses = await page.request.get('/api/course/', { headers: brotli });
    assert.equal(courses.status(), 200);
    assert.equal(courses.headers()['content-encoding'], 'br');
  });

  journey.step('public pages arrive prerendered, hydrate without errors, and unknown paths are a 404', async (page) => {
    const consoleErrors: string[] = [];
    const onConsole = (message: { type: () => string; text: () => string }) => {
      // The 404 page's own status is logged as a failed resource: not an error of the app.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
    };
    page.on('console', onConsole);
    // The classes the browser's Emotion inserts itself: a class the server's style tags already held
    // is adopted, not inserted again in hydration's commit (one long task). And the style tags the
    // server sent stay where they are: each move makes the browser restyle the whole page.
    // And the screen's code comes with the page: the app does not ask for its chunks again.
    type Insertions = {
      insertedClasses: Map<string, string>;
      insertedForNothing?: [string, string][];
      movedStyles: string[];
      baseInserted: boolean;
      scriptsInserted: string[];
    };
    await page.addInitScript(() => {
      const report = window as unknown as Insertions;
      /** Each inserted class with its first rule, which names the component that made it. */
      const inserted = new Map<string, string>();
      report.insertedClasses = inserted;
      report.movedStyles = [];
      report.baseInserted = false;
      report.scriptsInserted = [];
      const insertRule = CSSStyleSheet.prototype.insertRule;
      CSSStyleSheet.prototype.insertRule = function (rule: string, index?: number) {
        for (const match of rule.matchAll(/\.(css-[\w-]+)/g)) if (!inserted.has(match[1]!)) inserted.set(match[1]!, rule.slice(0, 200));
        if (/box-sizing: ?inherit/.test(rule)) report.baseInserted = true;
        return insertRule.call(this, rule, index);
      };
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) if (node instanceof HTMLStyleElement) report.movedStyles.push(node.outerHTML.slice(0, 80));
          for (const node of record.addedNodes) {
            // webpack's runtime names the scripts it inserts (`data-webpack`).
            if (node instanceof HTMLScriptElement && node.hasAttribute('data-webpack')) report.scriptsInserted.push(node.src);
          }
        }
      }).observe(document, { subtree: true, childList: true });
      // Taken when the app marks the page hydrated: what renders after (a section drawn in the
      // browser only, with a skeleton that comes and goes) has classes of its own.
      new MutationObserver((_, observer) => {
        const root = document.getElementById('root');
        if (root === null || root.hasAttribute('data-prerendered')) return;
        observer.disconnect();
        report.insertedForNothing = [...inserted].filter(([name]) => document.querySelector(`.${name}`) === null);
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-prerendered'] });
    });
    const expectHydratedWithWhatCame = async (path: string, served: string) => {
      await page.waitForFunction(() => (window as unknown as Insertions).insertedForNothing !== undefined);
      const { insertedForNothing, movedStyles, baseInserted, scriptsInserted } = await page.evaluate(() => {
        const { insertedForNothing, movedStyles, baseInserted, scriptsInserted } = window as unknown as Insertions;
        return { insertedForNothing, movedStyles, baseInserted, scriptsInserted };
      });
      assert.deepEqual(insertedForNothing, [], `${path}: hydration inserted styles no element carries`);
      assert.deepEqual(movedStyles, [], `${path}: the page's style tags were moved or removed`);
      assert.equal(baseInserted, false, `${path}: the base styles were inserted again`);
      const { chunks } = bootFilesOf(served);
      assert.ok(chunks.length > 0, `${path} brings its screen's chunks`);
      const askedAgain = scriptsInserted.filter((src) => chunks.includes(new URL(src).pathname.slice(1)));
      assert.deepEqual(askedAgain, [], `${path}: the app inserted scripts for chunks the page brought`);
    };
    try {
      for (const [path, heading, title] of [
        ['/', 'Learn the language of your family, your travels and your work', 'Home'],
        ['/about', 'About Us', 'About Us'],
        ['/student-login', 'Student Login', 'Student Login'],
      ] as const) {
        const answer = path === '/' ? await openRendered(page, path) : await page.goto(path);
        assert.equal(answer?.status(), 200);
        const served = await answer!.text();
        assert.match(served, /<div id="root" data-prerendered>/, `${path} is prerendered`);
        assert.match(served, new RegExp(`<title>${title} — Language Academy</title>`));
        assert.ok(served.includes(heading), `${path}'s HTML has its heading`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        if (path === '/') {
          // Rendered with its popular courses (decision 0045), which hydrate with the styles the page brought.
          assert.ok(served.includes('Spanish for Beginners'), "/'s HTML shows its popular courses");
          assert.match(served, /<script type="application\/json" id="api-state">/, '/ brings its API state');
          await page.getByRole('article').first().waitFor();
          const insertedForCards = await page.evaluate(() =>
            [...(window as unknown as Insertions).insertedClasses.keys()].filter((name) => document.querySelector(`article.${name}, article .${name}`) !== null),
          );
          assert.deepEqual(insertedForCards, [], "/: the popular courses' cards inserted styles of their own");
        }
        if (path === '/student-login') {
          // A field the browser fills in shrinks its label by these keyframes, which no field inserts itself any more.
          assert.match(served, /<style data-base-styles>[^<]*@keyframes mui-auto-fill\{/, "the base styles carry InputBase's autofill keyframes");
        }
        await expectHydratedWithWhatCame(path, served);
        const { loaded, scriptsAskedAt } = await page.evaluate(() => ({
          loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
          scriptsAskedAt: performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js')).map((entry) => entry.startTime),
        }));
        assert.ok(scriptsAskedAt.length > 0, `${path} loaded the app`);
        assert.ok(
          scriptsAskedAt.every((askedAt) => askedAt >= loaded),
          `${path}'s scripts were asked for after the page had loaded (${loaded} ms): ${scriptsAskedAt.join(', ')}`,
        );
      }
      const missing = await page.goto('/no-such-page/at-all');
      assert.equal(missing?.status(), 404);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      // The pages that show the provider's data are rendered per request with it, and the
      // browser's store starts with that data instead of asking again.
      const apiCalls: string[] = [];
      const onRequest = (request: { url: () => string }) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(new URL(request.url()).pathname);
      };
      page.on('request', onRequest);
      for (const [path, heading, shown] of [
        ['/all-courses', 'Browse Courses', 'French Conversation'],
        ['/detail/1', 'Spanish for Beginners', 'Spanish for Beginners'],
        ['/teacher-detail/1', 'Amara Okafor', 'Spanish for Beginners'],
      ] as const) {
        const served = await (await openRendered(page, path))!.text();
        assert.match(served, /<div id="root" data-prerendered>/, `${path} is rendered on the server`);
        assert.match(served, /<script type="application\/json" id="api-state">/, `${path} brings its API state`);
        assert.ok(served.includes(shown), `${path}'s HTML shows ${shown}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.getByText(shown).first().waitFor();
        await expectHydratedWithWhatCame(path, served);
      }
      page.off('request', onRequest);
      for (const [path, heading] of [
        ['/detail/999999', 'Course not found'],
        ['/teacher-detail/999999', 'Teacher not found'],
      ] as const) {
        const answer = await page.goto(path);
        assert.equal(answer?.status(), 404, `${path} names nothing: a 404 for search engines and link checkers`);
        assert.ok((await answer!.text()).includes(heading), `${path}'s HTML says ${heading}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      }
      assert.ok(!apiCalls.includes('/api/course/1/'), `the course page used the data it came with (calls: ${apiCalls.join(', ')})`);
      assert.deepEqual(consoleErrors, [], 'no hydration or other errors in the console');
    } finally {
      page.off('console', onConsole);
    }
  });

  journey.step("a rendered list's filters, which hydrate after the rest of the page, answer the first click", async (page) => {
    await page.goto('/all-courses'); // and waits for the page to be marked hydrated
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'French' }).click();
    await page.waitForURL(/[?&]language=French\b/);
    await page.getByRole('heading', { level: 2, name: 'French Conversation' }).waitFor();
  });

  journey.step("a screen's chunk that fails to arrive is asked for again, and the page still starts", async (page) => {
    const served = await (await page.request.get('/about')).text();
    const chunk = `/${bootFilesOf(served).chunks.at(-1)}`;
    let asked = 0;
    await page.route(`**${chunk}`, (route) => (++asked === 1 ? route.abort('connectionreset') : route.continue()));
    try {
      await page.goto('/about'); // and waits for the app to start
      assert.equal(asked, 2, `${chunk} was asked for once more after it failed`);
    } finally {
      await page.unroute(`**${chunk}`);
    }
  });

  journey.step('on a phone the menu loads on the first tap and opens', async (page) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/about');
    const opener = page.getByRole('button', { name: 'Open menu' });
    await opener.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL(`${appUrl}/contact`);
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  journey.step('the API is same-origin: the XSRF cookie, a login and its session cookie', async () => {
    const { context, page } = journey;
    const courses = await page.request.get('/api/course/?result=3');
    assert.equal(courses.status(), 200);
    const xsrf = (await context.cookies(appUrl)).find((cookie) => cookie.name === 'XSRF-TOKEN');
    assert.ok(xsrf, 'the provider set XSRF-TOKEN through the proxy');
    xsrfToken = xsrf.value;

    const login = await page.request.post('/api/student-login', {
      multipart: { email: demoLogins.student.email, password: demoLogins.student.password },
      headers: { 'X-XSRF-TOKEN': xsrf.value },
    });
    assert.equal(login.status(), 200);
    const answer = (await login.json()) as { bool: unknown; student_id: number };
    assert.equal(answer.bool, true);
    studentId = answer.student_id;
    const session = (await context.cookies(appUrl)).find((cookie) => cookie.name === 'student_session');
    assert.ok(session?.httpOnly, 'the session cookie came back through the proxy');
  });

  journey.step("a student's dashboard arrives rendered with their data, hydrates without errors, and is shown to no other session (decision 0041)", async (page) => {
    const errors: string[] = [];
    const onError = (error: Error) => errors.push(error.message);
    page.on('pageerror', onError);
    try {
      await page.goto('/about');
      await page.evaluate((id) => {
        localStorage.setItem('studentLoginStatus', 'true');
        localStorage.setItem('studentId', String(id));
      }, studentId);
      // Any page of the area tells the server how wide the window is (the compact layout's cookie).
      await page.goto('/favorite-courses');
      await page.getByRole('heading', { level: 1 }).waitFor();
      for (const path of ['/student-dashboard', '/my-courses']) {
        const response = await page.goto(path);
        assert.equal(response?.headers()['cache-control'], 'private, no-store', path);
        const html = (await response?.text()) ?? '';
        assert.match(html, new RegExp(`<div id="root" data-prerendered data-student="${studentId}" data-compact="[01]">`), `${path} is rendered for the student`);
        assert.ok(html.includes('Spanish for Beginners'), `${path} carries the student's courses`);
        await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
        await page.getByRole('link', { name: /Spanish for Beginners|Continue/ }).first().waitFor();
      }
      assert.deepEqual(errors, [], 'the pages hydrated without a mismatch');

      // Laid out for another width than the window's (the app's cookie says otherwise): the app
      // renders the screen anew instead of hydrating a page that does not fit.
      const wide = (await page.viewportSize())!.width >= 900;
      await journey.context.addCookies([{ name: 'academy_compact', value: wide ? '1' : '0', url: appUrl }]);
      const misfit = await page.goto('/student-dashboard');
      assert.ok(((await misfit?.text()) ?? '').includes(`data-compact="${wide ? 1 : 0}"`));
      await page.getByText('Welcome, Maria Silva').waitFor();
      assert.deepEqual(errors, [], 'no hydration was tried');

      // Another session in this browser (a logout the provider has not heard of yet): the page is
      // not shown, and the app renders the screen itself.
      await page.evaluate(() => localStorage.removeItem('studentLoginStatus'));
      const response = await page.goto('/student-dashboard');
      assert.ok(((await response?.text()) ?? '').includes('data-student='), 'the server still rendered it for the cookie');
      await page.waitForURL('**/student-login');
      assert.equal(await page.evaluate(() => document.documentElement.hidden), false);
      assert.equal(await page.getByText('Spanish for Beginners').count(), 0);
    } finally {
      page.off('pageerror', onError);
      await page.evaluate(() => localStorage.clear());
    }
  });

  journey.step('media answers Range requests with partial content', async (page) => {
    const [course] = (await (await page.request.get('/api/course/?result=1')).json()) as { featured_img: string }[];
    assert.ok(course?.featured_img, 'the demo course has an image');
    const part = await page.request.get(course.featured_img, { headers: { Range: 'bytes=0-15' } });
    assert.equal(part.status(), 206);
    assert.match(part.headers()['content-range'] ?? '', /^bytes 0-15\/\d+$/);
    assert.equal((await part.body()).length, 16);
  });

  journey.step('the local checkout page is accessible and Cancel returns to the course', async (page) => {
    const enrolments = await page.request.get(`/api/fetch-enrolled-courses/${studentId}`);
    const enrolled = ((await enrolments.json()) as { course: { id: number } }[]).map((entry) => entry.course.id);
    const course = (await listCourses()).find((entry) => isPaid(entry) && !enrolled.includes(entry.id));
    assert.ok(course, 'the demo data has a paid course the demo student has not bought');
    const started = await page.request.post('/api/create-payment-session/', {
      form: { course_id: course.id, student_id: studentId },
      headers: { 'X-XSRF-TOKEN': xsrfToken },
    });
    assert.equal(started.status(), 200, await started.text());
    const { url } = (await started.json()) as { url: string };

    await page.goto(url);
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await page.getByText(course.title).waitFor();
    await expectAccessible(page, 'checkout');

    const [redirect] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith('/cancel')),
      page.getByRole('button', { name: 'Cancel' }).click(),
    ]);
    assert.equal(redirect.status(), 303);
    assert.equal(redirect.headers().location, `${appUrl}/detail/${course.id}?checkout=cancel`);
    // The app drops the ?checkout marker from the address once it has read it.
    await page.waitForURL((address) => address.pathname === `/detail/${course.id}`);
    await page.getByRole('banner').waitFor();
  });
});
