import { act, screen, waitFor, within } from '@testing-library/react';
import type { Course } from '@/api/generated';
import { patterns } from '@/config/paths';
import { blogPosts } from '@/content/blogPosts';
import { HomePage } from '@/features/site/HomePage';
import * as fixtures from '@test/handlers/fixtures';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderRoute } from '@test/render';
import { pageLoad } from './pageLoad';
import { mockWindowWidth } from './windowWidth';

/** The home page's texts: the spec's ('ENROLL NOW', the section headings) and ours. */
const messages = {
  enrollNow: 'ENROLL NOW',
  benefitsHeading: 'Benefits About Online Learning Expertise',
  blogHeading: 'Recent From Blog',
  languagesHeading: 'Browse Our Online Courses',
  popularCoursesHeading: 'Popular Courses',
  loadingCourses: 'Loading courses',
  noCourses: 'No courses yet. New courses are added every month, so please check back soon.',
  coursesLoadFailed: 'The courses could not be loaded.',
  notRated: 'Not rated yet',
  heroHeading: 'Learn the language of your family, your travels and your work',
  heroStart: 'Start Learning',
  heroCourses: 'View Courses',
  testimonialsHeading: 'What Our Students Say',
  statsHeading: 'The academy in numbers',
};

/** The home page alone on its route. */
const renderHome = () => renderRoute(patterns.home, <HomePage />);

const courseNumbered = (id: number): Course => ({ ...fixtures.paidCourse, id, title: `Course number ${id}` });

async function section(name: string) {
  return screen.findByRole('region', { name }, pageLoad);
}

describe('home page', () => {
  it('asks for 3 popular courses and shows at most 3', async () => {
    // A provider that ignores `result` and sends every course.
    mockEndpoint('listCourses', () => [1, 2, 3, 4, 5].map(courseNumbered));
    const calls = recordCalls('listCourses');
    renderHome();

    const popular = await section(messages.popularCoursesHeading);
    expect(await within(popular).findAllByRole('article', {}, pageLoad)).toHaveLength(3);
    const enrolLinks = within(popular).getAllByRole('link', { name: (name) => name.startsWith(`${messages.enrollNow}: `) });
    expect(enrolLinks).toHaveLength(3);
    // Each names its course, the visible words first (WCAG 2.5.3): no three identical links.
    expect(new Set(enrolLinks.map((link) => link.getAttribute('aria-label'))).size).toBe(3);
    expect(within(popular).queryByRole('heading', { name: 'Course number 4' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.query)).toEqual([{ result: '3' }]);
  });

  it('shows each course with its price, teacher, languages and an ENROLL NOW link to its detail page', async () => {
    renderHome();

    const popular = await section(messages.popularCoursesHeading);
    const [paid, free] = await within(popular).findAllByRole('article');
    // The title is the card's link to the course; the cover opens it too, for a pointer only (no second tab stop).
    const title = within(within(paid!).getByRole('heading', { name: 'Yoruba for Beginners' })).getByRole('link', { name: 'Yoruba for Beginners' });
    expect(title).toHaveAttribute('href', '/detail/1');
    // The one nameless link: the cover's (an empty alt), left out of the accessibility tree.
    const cover = within(paid!).getByRole('link', { name: '', hidden: true });
    expect(cover).toHaveAttribute('href', '/detail/1');
    expect(cover).toHaveAttribute('tabindex', '-1');
    expect(cover).toHaveAttribute('aria-hidden', 'true');
    expect(within(paid!).getByText('$20')).toBeInTheDocument();
    expect(within(paid!).getByRole('link', { name: 'Amara Obi' })).toHaveAttribute('href', '/teacher-detail/4');
    expect(within(paid!).getByText('Yoruba, English')).toBeInTheDocument();
    expect(within(paid!).getByRole('img', { name: /4\.5 stars/i })).toBeInTheDocument();
    const enrol = within(paid!).getByRole('link', { name: `${messages.enrollNow}: Yoruba for Beginners` });
    expect(enrol).toHaveAttribute('href', '/detail/1');
    expect(enrol).toHaveTextContent(/^ENROLL NOW$/);

    expect(within(free!).getByText('Free')).toBeInTheDocument();
    expect(within(free!).getByText(messages.notRated)).toBeInTheDocument();
    expect(within(free!).getByRole('link', { name: `${messages.enrollNow}: Pidgin Basics` })).toHaveAttribute('href', '/detail/2');
  });

  it('shows placeholders while the courses load, then the courses', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    mockEndpoint('listCourses', async () => {
      await answered;
      return mockDb.courses;
    });
    renderHome();

    const popular = await section(messages.popularCoursesHeading);
    expect(within(popular).getByRole('status', { name: messages.loadingCourses })).toBeInTheDocument();
    expect(within(popular).queryByRole('article')).not.toBeInTheDocument();

    answer();
    expect(await within(popular).findAllByRole('article')).toHaveLength(2);
    expect(within(popular).queryByRole('status', { name: messages.loadingCourses })).not.toBeInTheDocument();
  });

  it('says so when there are no courses', async () => {
    mockDb.courses = [];
    renderHome();

    const popular = await section(messages.popularCoursesHeading);
    expect(await within(popular).findByText(messages.noCourses)).toBeInTheDocument();
  });

  it('shows an error with Retry when the courses fail to load, and loads them again on Retry', async () => {
    failEndpoint('listCourses', 500, { msg: 'Server error', once: true });
    const { user } = renderHome();

    const popular = await section(messages.popularCoursesHeading);
    const alert = await within(popular).findByRole('alert');
    expect(alert).toHaveTextContent(messages.coursesLoadFailed);

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(popular).findAllByRole('article')).toHaveLength(2);
    expect(within(popular).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("leads a logged-in student's 'Start Learning' to their dashboard", async () => {
    renderRoute(patterns.home, <HomePage />, { preloadedState: loggedInAs({ student: 7 }) });

    expect(await screen.findByRole('link', { name: messages.heroStart }, pageLoad)).toHaveAttribute('href', '/student-dashboard');
  });

  it('has hero links to sign-up and the course list, three testimonials with their ratings and the three benefits', async () => {
    renderHome();

    expect(await screen.findByRole('heading', { level: 1, name: messages.heroHeading }, pageLoad)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.heroStart })).toHaveAttribute('href', '/student-register');
    expect(screen.getByRole('link', { name: messages.heroCourses })).toHaveAttribute('href', '/all-courses');

    const testimonials = await section(messages.testimonialsHeading);
    expect(within(testimonials).getAllByRole('listitem')).toHaveLength(3);
    expect(within(testimonials).getByText('Chiamaka Eze')).toBeInTheDocument();
    expect(within(testimonials).getByRole('img', { name: /4\.5 stars/i })).toBeInTheDocument();

    const benefits = await section(messages.benefitsHeading);
    for (const title of ['Language Mastery', 'Earn Certificates', 'Learn From Experts']) {
      expect(within(benefits).getByRole('heading', { name: title })).toBeInTheDocument();
    }
  });

  it('shows the first 3 of the 5 blog posts with author and date, each title opening its post', async () => {
    const { user } = renderHome();

    const blog = await section(messages.blogHeading);
    const posts = within(blog).getAllByRole('article');
    expect(posts).toHaveLength(3);
    blogPosts.slice(0, 3).forEach((post, index) => {
      const heading = within(posts[index]!).getByRole('heading', { name: post.title });
      expect(within(heading).getByRole('link', { name: post.title })).toHaveAttribute('href', `/blog/${post.id}`);
      expect(within(posts[index]!).getByText(post.desc)).toBeInTheDocument();
      expect(within(posts[index]!).getByText(new RegExp(post.authorName))).not.toHaveTextContent(/comment/);
    });
    expect(within(posts[0]!).getByText('12 November 2024')).toBeInTheDocument();
    expect(within(blog).queryByRole('heading', { name: blogPosts[3]!.title })).not.toBeInTheDocument();

    // The blog page behind it: routes.test.tsx.
    await user.click(within(blog).getByRole('link', { name: 'All posts' }));
    expect(await screen.findByRole('status', { name: 'Current address' })).toHaveTextContent('/blog');
  });

  it('shows six language tiles with the number of courses the provider counts in each, each opening those courses', async () => {
    renderHome();

    const languages = await section(messages.languagesHeading);
    // The fixtures: one course in Yoruba and English, one in Pidgin.
    await within(languages).findAllByText('1 course');
    const tiles = within(languages).getAllByRole('link');
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      'GermanNo courses yet',
      'English1 course',
      'Pidgin English1 course',
      'FrenchNo courses yet',
      'AkanNo courses yet',
      'Yoruba1 course',
    ]);
    expect(within(languages).getByRole('link', { name: /Pidgin English/ })).toHaveAttribute('href', '/all-courses?language=Pidgin');
    expect(within(languages).getByRole('link', { name: /German/ })).toHaveAttribute('href', '/all-courses?language=German');
  });

  it('shows the language tiles without any number on a provider that cannot count (404)', async () => {
    failEndpoint('getCatalogueCounts', 404, { msg: 'Not found' });
    renderHome();

    const languages = await section(messages.languagesHeading);
    await within(await section(messages.popularCoursesHeading)).findAllByRole('article');
    expect(within(languages).getAllByRole('link').map((tile) => tile.textContent)).toEqual([
      'German',
      'English',
      'Pidgin English',
      'French',
      'Akan',
      'Yoruba',
    ]);
    expect(within(languages).queryByText(/\d|No courses/)).not.toBeInTheDocument();
  });
});

describe('home statistics strip', () => {
  let windowWidth: ReturnType<typeof mockWindowWidth> | undefined;
  afterEach(() => windowWidth?.restore());

  it('shows the courses, instructors and students enrolled the provider counts, when the window is wider than 768 px', async () => {
    windowWidth = mockWindowWidth(769);
    mockEndpoint('getCatalogueCounts', () => ({ courses: 1234, teachers: 2, students: 5, languages: [] }));
    renderHome();

    const strip = await section(messages.statsHeading);
    const items = within(strip).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['1,234Courses Available', '2Instructors', '5Students Enrolled']);
    expect(strip).not.toHaveTextContent(/Success Stories|Learning Schedules/);
  });

  it('is left out on a provider that cannot count (404), with no made-up figure', async () => {
    windowWidth = mockWindowWidth(1280);
    failEndpoint('getCatalogueCounts', 404, { msg: 'Not found' });
    renderHome();

    await within(await section(messages.popularCoursesHeading)).findAllByRole('article');
    expect(screen.queryByRole('region', { name: messages.statsHeading })).not.toBeInTheDocument();
    expect(screen.queryByText('Courses Available')).not.toBeInTheDocument();
  });

  it('is hidden when the window is 768 px wide or narrower', async () => {
    windowWidth = mockWindowWidth(768);
    renderHome();

    await section(messages.popularCoursesHeading);
    expect(screen.queryByRole('region', { name: messages.statsHeading })).not.toBeInTheDocument();
    expect(screen.queryByText('Courses Available')).not.toBeInTheDocument();
  });

  it('follows the window as it is resized', async () => {
    windowWidth = mockWindowWidth(1280);
    renderHome();
    await section(messages.statsHeading);

    act(() => windowWidth!.resizeTo(768));
    await waitFor(() => expect(screen.queryByRole('region', { name: messages.statsHeading })).not.toBeInTheDocument());

    act(() => windowWidth!.resizeTo(1024));
    expect(await section(messages.statsHeading)).toHaveTextContent('Courses Available');
  });
});
