/**
 * A user's text in a server-rendered page (scripts/pageDocument.ts) is text: `$'`, `$&`, `` $` ``,
 * `$1` and `$$` in a course title, a teacher's name or a category title are not replacement
 * patterns, so they neither copy parts of the document nor close its `<title>` early.
 */
import { setImmediate as nodeSetImmediate } from 'node:timers';
import { screen } from '@testing-library/react';
import { api } from '@/api';
import { API_STATE_ELEMENT_ID } from '@/app/prerenderedPages';
import { renderPage } from '@/app/renderPage';
import { makeStore } from '@/app/store';
import { mockDb } from '@test/handlers/mockDb';
import { pageDocument } from '../../../scripts/pageDocument';

// Jest resolves react-dom/static to its Node build, which schedules with setImmediate (jsdom has none).
globalThis.setImmediate ??= nodeSetImmediate;

/** A shell as webpack writes it (minified attributes). */
const shell =
  '<!doctype html><html lang=en><head><meta charset=utf-8><title>Language Academy</title>' +
  '<script defer src=/js/runtime.1.js></script><script defer src=/js/main.3.js></script></head><body><div id=root></div></body></html>';

const courseTitle = "Yoruba $' for $& Beginners $` $1 $$ <b>&";
const teacherName = "Amara $& O'kafor $' $`";
const categoryTitle = 'Yoruba $$ $1 $`';

/** The document of /detail/1 as the render server sends it, with the mocked provider's data. */
async function detailPage() {
  const store = makeStore();
  await store.dispatch(api.endpoints.getCourse.initiate({ courseId: 1 }, { subscribe: false }));
  const { html, title } = await renderPage('/detail/1', undefined, store);
  const parts = {
    html,
    title,
    styleTags: '<style data-emotion="css abc">.css-abc{color:red}</style>',
    apiState: { state: store.getState()[api.reducerPath], elementId: API_STATE_ELEMENT_ID },
  };
  return { parts, page: pageDocument(shell, parts) };
}

/** The same parts with every `$` as `S`: text of the same length that holds no replacement pattern. */
function withoutDollars(parts: Parameters<typeof pageDocument>[1]): Parameters<typeof pageDocument>[1] {
  const plain = (text: string) => text.replaceAll('$', 'S');
  return {
    ...parts,
    html: plain(parts.html),
    title: parts.title === null ? null : plain(parts.title),
    apiState: parts.apiState && { ...parts.apiState, state: JSON.parse(plain(JSON.stringify(parts.apiState.state))) as unknown },
  };
}

describe('a rendered page with replacement patterns in its users’ text', () => {
  beforeEach(() => {
    const course = mockDb.courses.find((row) => row.id === 1)!;
    course.title = courseTitle;
    course.teacher = { id: 4, full_name: teacherName, profile_img: '/media/teacher_images/amara.svg' };
    course.category = { id: 3, title: categoryTitle };
    mockDb.teachers.find((row) => row.id === 4)!.full_name = teacherName;
    mockDb.categories.find((row) => row.id === 3)!.title = categoryTitle;
  });

  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('keeps its size and its one title and API state, and shows the text as written', async () => {
    const { parts, page } = await detailPage();
    expect(parts.html).toContain('Amara $&amp; O&#x27;kafor');

    // As long as the same page with plain text: nothing was copied in.
    expect(page.length).toBe(pageDocument(shell, withoutDollars(parts)).length);

    const served = new DOMParser().parseFromString(page, 'text/html');
    // eslint-disable-next-line testing-library/no-node-access -- the document's head, which no role reaches
    expect(served.querySelectorAll('title')).toHaveLength(1);
    // eslint-disable-next-line testing-library/no-node-access -- the API state is data, not something a user sees
    expect(served.querySelectorAll(`#${API_STATE_ELEMENT_ID}`)).toHaveLength(1);
    expect(served.title).toBe(parts.title);
    expect(served.title).toContain(courseTitle);
    expect(page).toContain(`<title>${courseTitle.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')}`);
    // What a visitor sees before the app starts: the page's own markup.
    document.body.innerHTML = served.body.innerHTML;
    expect(screen.getByRole('heading', { level: 1, name: courseTitle })).toBeInTheDocument();
    // In the facts and in 'Your teacher'.
    expect(screen.getAllByText(teacherName)).toHaveLength(2);
    // eslint-disable-next-line testing-library/no-node-access -- the API state is data, not something a user sees
    expect(JSON.parse(served.getElementById(API_STATE_ELEMENT_ID)?.textContent ?? 'null')).toEqual(parts.apiState.state);
  });
});
