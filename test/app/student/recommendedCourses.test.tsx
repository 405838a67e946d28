import { screen, within } from '@testing-library/react';
import type { Course, RecommendedCourses } from '@/api/generated';
import { paths, patterns } from '@/config/paths';
import { RecommendedCoursesPage } from '@/features/student/area/RecommendedCoursesPage';
import * as fixtures from '@test/handlers/fixtures';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, holdEndpoint, mockEndpoint, reply } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { answered, loggedInAs, renderApp, renderRoute } from '@test/render';
import { server } from '@test/server';

const asStudent = loggedInAs({ student: 7 });

/** Our words for a failure (src/api/errorMessages.ts; spec section 8's for no answer). */
const serverFailed = 'The server ran into a problem. Please try again in a few minutes.';

const forInterests = (interests: string) => `Courses in your interests (${interests}) that you have not joined yet, best rated first.`;
const noInterests = 'You have not chosen any interests yet, so here are our most popular courses.';
const noMatch = (interests: string) => `No course you have not joined matches your interests (${interests}) yet, so here are our most popular courses.`;

/**
 * The fixtures: student 7 is interested in 'Yoruba' and enrolled in course 1 'Yoruba for Beginners';
 * course 2 'Pidgin Basics' has its category (2, French) as a bare id.
 */
function addCourse(id: number, title: string, overrides: Partial<Course>) {
  mockDb.courses.push({ ...fixtures.paidCourse, id, title, course_chapters: [], related_videos: '[]', ...overrides });
}

function setInterests(text: string) {
  mockDb.students[0]!.interested_categories = text;
}

async function shownCourses() {
  const table = await screen.findByRole('table', { name: 'Recommended courses' });
  return within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
}

function openRecommendations() {
  return renderRoute(patterns.recommendedCourses, <RecommendedCoursesPage />, { preloadedState: asStudent });
}

/** A provider without the extension: the app ranks the catalogue itself. */
const withoutExtension = () => failEndpoint('listRecommendedCourses', 404);

/**
 * What a recommendation of the provider is (api-spec.yaml's `listRecommendedCourses`, as
 * provider/src/recommendations.ts ranks and test/provider/recommendations.test.ts checks it), written
 * out: the kind, the interests and the titles in their order.
 */
interface Ranking {
  kind: RecommendedCourses['kind'];
  interests: string[];
  titles: string[];
}

/** The provider's answer of `ranking`, the courses taken from the mocked catalogue by title. */
function providerAnswer({ kind, interests, titles }: Ranking): RecommendedCourses {
  return { kind, interests, courses: titles.map((title) => mockDb.courses.find((course) => course.title === title)!) };
}

/**
 * The same expectations, written out, for both ways a student gets recommendations: the provider
 * answering `ranking` (the mocked provider does not rank: it answers what the provider's ranking
 * gives), and the app ranking the catalogue itself on a provider without the extension. The app's
 * ranking and the provider's disagreeing fails one of them.
 */
describe.each([
  ['ranked by the provider', (ranking: Ranking) => mockEndpoint('listRecommendedCourses', () => providerAnswer(ranking))],
  ['ranked in the browser on a provider without the extension', () => withoutExtension()],
])('recommended courses, %s', (_mode, answer) => {
  function expectRanking(ranking: Ranking) {
    answer(ranking);
    return ranking.titles;
  }

  it("recommends the courses of the student's interests they have not joined, best rated first", async () => {
    addCourse(3, 'Yoruba Proverbs', { course_rating: 4, total_enrolled_students: 3 });
    addCourse(4, 'Advanced Yoruba', { course_rating: 4.8, total_enrolled_students: 1 });
    addCourse(5, 'Spanish Songs', { category: { id: 1, title: 'Spanish' }, languages: 'Spanish', course_rating: 5 });
    const titles = expectRanking({ kind: 'interests', interests: ['Yoruba'], titles: ['Advanced Yoruba', 'Yoruba Proverbs'] });
    openRecommendations();

    expect(await screen.findByRole('heading', { level: 1, name: 'Recommended Courses' })).toBeInTheDocument();
    expect(await shownCourses()).toEqual(titles);
    expect(screen.getByText(forInterests('Yoruba'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change your interests in Profile Setting' })).toHaveAttribute('href', '/profile-setting');

    const row = screen.getByRole('row', { name: /^Advanced Yoruba / });
    expect(within(row).getByRole('link', { name: 'Advanced Yoruba' })).toHaveAttribute('href', '/detail/4');
    expect(within(row).getByText('4.8/5')).toBeInTheDocument();
    expect(within(row).getByText('$20')).toBeInTheDocument();
  });

  it('matches a category sent as a bare id, and the languages a course is taught in', async () => {
    setInterests('French, English');
    // Pidgin Basics: category 2 (French) as a bare id; Yoruba for Beginners is taught in English but joined.
    const titles = expectRanking({ kind: 'interests', interests: ['French', 'English'], titles: ['Pidgin Basics'] });
    openRecommendations();

    expect(await shownCourses()).toEqual(titles);
    const row = screen.getByRole('row', { name: /^Pidgin Basics / });
    expect(within(row).getByText('Not rated yet')).toBeInTheDocument();
    expect(within(row).getByText('Free')).toBeInTheDocument();
  });

  it('shows the most popular courses and a link to add interests when the student has none', async () => {
    setInterests('');
    addCourse(3, 'Akan Greetings', { category: { id: 9, title: 'Akan' }, languages: 'Akan', total_enrolled_students: 30, course_rating: null });
    addCourse(4, 'German Grammar', { category: { id: 8, title: 'German' }, languages: 'German', total_enrolled_students: 80, course_rating: 3 });
    const titles = expectRanking({ kind: 'popular', interests: [], titles: ['German Grammar', 'Akan Greetings', 'Pidgin Basics'] });
    openRecommendations();

    expect(await shownCourses()).toEqual(titles);
    expect(screen.getByText(noInterests)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your interests in Profile Setting' })).toHaveAttribute('href', '/profile-setting');
  });

  it('says so and shows the popular courses when nothing new matches the interests', async () => {
    setInterests('German');
    const titles = expectRanking({ kind: 'no_match', interests: ['German'], titles: ['Pidgin Basics'] });
    openRecommendations();

    expect(await shownCourses()).toEqual(titles);
    expect(screen.getByText(noMatch('German'))).toBeInTheDocument();
  });

  it('says so when there is nothing left to recommend', async () => {
    mockDb.courses = mockDb.courses.filter((course) => course.id === 1);
    expectRanking({ kind: 'no_match', interests: ['Yoruba'], titles: [] });
    openRecommendations();

    expect(await screen.findByText('There is no course to recommend yet: you have joined them all.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('still recommends when the categories cannot be read', async () => {
    failEndpoint('listCategories', 500);
    setInterests('Pidgin');
    const titles = expectRanking({ kind: 'interests', interests: ['Pidgin'], titles: ['Pidgin Basics'] });
    openRecommendations();

    expect(await shownCourses()).toEqual(titles);
  });

  it('follows a change of interests made in Profile Setting', async () => {
    setInterests('');
    // The provider's answers before and after the change; in the browser, the app's own.
    expectRanking({ kind: 'popular', interests: [], titles: ['Pidgin Basics'] });
    const { user } = renderApp({ route: paths.recommendedCourses, preloadedState: asStudent });
    expect(await screen.findByText(noInterests)).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Student area' });

    await user.click(within(sidebar).getByRole('link', { name: 'Profile Setting' }));
    const interests = await screen.findByRole('group', { name: 'Interested Categories' });
    await user.click(await within(interests).findByRole('checkbox', { name: 'French' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Data has been updated');
    const titles = expectRanking({ kind: 'interests', interests: ['French'], titles: ['Pidgin Basics'] });
    await user.click(within(sidebar).getByRole('link', { name: 'Recommended Courses' }));

    expect(await screen.findByText(forInterests('French'))).toBeInTheDocument();
    expect(await shownCourses()).toEqual(titles);
  });
});

/** Courses 101 to 100 + count, in no interest of the student's and nobody enrolled, unless `overrides` says otherwise. */
function addCatalogue(count: number, overrides: (id: number) => Partial<Course> = () => ({})) {
  for (let id = 101; id <= 100 + count; id += 1) {
    addCourse(id, `Course ${id}`, { category: { id: 1, title: 'Spanish' }, languages: 'Spanish', course_rating: null, total_enrolled_students: 0, ...overrides(id) });
  }
}

describe('recommended courses from the provider', () => {
  it("shows the provider's courses in its order with the intro for their kind, and reads no catalogue", async () => {
    const catalogue = recordCalls('listCourses');
    const enrolments = recordCalls('fetchEnrolledCourses');
    mockEndpoint('listRecommendedCourses', {
      status: 200,
      body: {
        kind: 'interests',
        interests: ['Akan', 'Twi'],
        courses: [
          { ...fixtures.freeCourse, id: 9, title: 'Akan Proverbs', course_rating: 3 },
          { ...fixtures.paidCourse, id: 8, title: 'Twi Songs', course_rating: 4.9 },
        ],
      },
    });
    const { store } = openRecommendations();

    expect(await shownCourses()).toEqual(['Akan Proverbs', 'Twi Songs']);
    expect(screen.getByText(forInterests('Akan, Twi'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change your interests in Profile Setting' })).toHaveAttribute('href', '/profile-setting');
    const row = screen.getByRole('row', { name: /^Twi Songs / });
    expect(within(row).getByRole('link', { name: 'Twi Songs' })).toHaveAttribute('href', '/detail/8');
    expect(within(row).getByText('4.9/5')).toBeInTheDocument();
    await answered(store, 'listRecommendedCourses');
    expect(catalogue).toEqual([]);
    expect(enrolments).toEqual([]);
  });

  it.each([
    ['no_match', ['German'], noMatch('German'), 'Change your interests in Profile Setting'],
    ['popular', [], noInterests, 'Add your interests in Profile Setting'],
  ] as const)('says why for the %s kind', async (kind, interests, text, link) => {
    mockEndpoint('listRecommendedCourses', { status: 200, body: { kind, interests: [...interests], courses: [fixtures.freeCourse] } });
    openRecommendations();

    expect(await shownCourses()).toEqual(['Pidgin Basics']);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: link })).toBeInTheDocument();
  });

  it.each([
    [500, serverFailed],
    [403, 'You are not allowed to do this.'],
    ['network', 'No response from the server. Please try again later.'],
  ] as const)('says why when the provider fails (%s) and asks it again on Retry, reading no catalogue', async (failure, text) => {
    const catalogue = recordCalls('listCourses');
    failEndpoint('listRecommendedCourses', failure, { once: true });
    const { user } = openRecommendations();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await shownCourses()).toEqual(['Pidgin Basics']);
    expect(catalogue).toEqual([]);
  });
});

describe('recommended courses on a provider without the extension', () => {
  it.each([[404], [405]] as const)('on %s ranks the catalogue one page of 100 at a time, keeping the best of every page', async (status) => {
    mockEndpoint('listRecommendedCourses', { status, body: { msg: 'Not here.' } });
    const pages = recordCalls('listCourses');
    // The best course of the interests is on the last page; the others fill the first two.
    addCatalogue(230, (id) =>
      id === 321
        ? { title: 'Yoruba Proverbs', category: { id: 3, title: 'Yoruba' }, course_rating: 5 }
        : id % 50 === 0
          ? { title: `Yoruba ${id}`, languages: 'Yoruba', course_rating: 4 }
          : {},
    );
    openRecommendations();

    expect(await shownCourses()).toEqual(['Yoruba Proverbs', 'Yoruba 150', 'Yoruba 200', 'Yoruba 250', 'Yoruba 300']);
    expect(screen.getByText(forInterests('Yoruba'))).toBeInTheDocument();
    expect(pages.map((call) => call.query)).toEqual([
      { limit: '100', offset: '0' },
      { limit: '100', offset: '100' },
      { limit: '100', offset: '200' },
    ]);
  });

  it('keeps the most popular courses of every page for the popular fallback', async () => {
    failEndpoint('listRecommendedCourses', 404);
    setInterests('');
    addCatalogue(150, (id) => ({ total_enrolled_students: id % 7 === 0 ? id : 1 }));
    openRecommendations();

    // The most enrolled: 245, 238, 231, 224, 217, 210 (multiples of 7, the last pages first).
    expect(await shownCourses()).toEqual(['Course 245', 'Course 238', 'Course 231', 'Course 224', 'Course 217', 'Course 210']);
    expect(screen.getByText(noInterests)).toBeInTheDocument();
  });

  it.each([
    ['without X-Total-Count', {}],
    ['with X-Total-Count', { 'X-Total-Count': '232' }],
  ])('reads a provider that ignores limit once, its answer being the whole catalogue (%s)', async (_total, headers) => {
    failEndpoint('listRecommendedCourses', 404);
    mockEndpoint('listCourses', () => reply({ status: 200, body: mockDb.courses, headers }));
    const pages = recordCalls('listCourses');
    addCatalogue(230, (id) => (id === 330 ? { title: 'Yoruba Proverbs', languages: 'Yoruba', course_rating: 5 } : {}));
    const { store } = openRecommendations();

    expect(await shownCourses()).toEqual(['Yoruba Proverbs']);
    await answered(store, 'listCourses');
    expect(pages).toHaveLength(1);
  });

  it('shows a skeleton while it reads what it needs', async () => {
    withoutExtension();
    holdEndpoint('fetchEnrolledCourses');
    openRecommendations();

    expect(await screen.findByRole('status', { name: 'Loading recommended courses' })).toBeInTheDocument();
  });

  it.each([['listCourses'], ['getStudent'], ['fetchEnrolledCourses']] as const)(
    'says why when %s fails and reads it again on Retry',
    async (endpoint) => {
      withoutExtension();
      // Failing until Retry (not just once), whichever read of it comes first.
      failEndpoint(endpoint, 500);
      const { user } = openRecommendations();

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(serverFailed);
      server.resetHandlers();
      withoutExtension();
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));

      expect(await shownCourses()).toEqual(['Pidgin Basics']);
    },
  );

  it('says why when a later page fails, and on Retry reads on from that page', async () => {
    withoutExtension();
    addCatalogue(120, (id) => (id === 220 ? { title: 'Yoruba Proverbs', languages: 'Yoruba' } : {}));
    const pages = recordCalls('listCourses');
    let failedOnce = false;
    mockEndpoint('listCourses', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const [limit, offset] = [Number(query.get('limit')), Number(query.get('offset'))];
      if (offset === 100 && !failedOnce) {
        failedOnce = true;
        return reply({ status: 500, body: { msg: 'Something went wrong on our side.' } });
      }
      return reply({ status: 200, body: mockDb.courses.slice(offset, offset + limit), headers: { 'X-Total-Count': String(mockDb.courses.length) } });
    });
    const { user } = openRecommendations();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(serverFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await shownCourses()).toEqual(['Yoruba Proverbs']);
    // The first page is still in the cache: only the page that failed is asked for again.
    expect(pages.map((call) => call.query.offset)).toEqual(['0', '100', '100']);
  });
});
