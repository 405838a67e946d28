import { screen, within } from '@testing-library/react';
import { errorMessages } from '@/api';
import type { Course } from '@/api/generated';
import { paths } from '@/config/paths';
import { studentAreaMessages as messages } from '@/features/student/area/messages';
import * as fixtures from '@test/handlers/fixtures';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, holdEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderApp } from '@test/render';

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(30_000);

const asStudent = loggedInAs({ student: 7 });

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
  const table = await screen.findByRole('table', { name: messages.recommendationsTableLabel });
  return within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
}

function openRecommendations() {
  return renderApp({ route: paths.recommendedCourses, preloadedState: asStudent });
}

describe('recommended courses', () => {
  it("recommends the courses of the student's interests they have not joined, best rated first", async () => {
    addCourse(3, 'Yoruba Proverbs', { course_rating: 4, total_enrolled_students: 3 });
    addCourse(4, 'Advanced Yoruba', { course_rating: 4.8, total_enrolled_students: 1 });
    addCourse(5, 'Spanish Songs', { category: { id: 1, title: 'Spanish' }, languages: 'Spanish', course_rating: 5 });
    openRecommendations();

    expect(await screen.findByRole('heading', { level: 1, name: messages.recommendedCoursesTitle })).toBeInTheDocument();
    expect(await shownCourses()).toEqual(['Advanced Yoruba', 'Yoruba Proverbs']);
    expect(screen.getByText(messages.recommendedForInterests('Yoruba'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.changeInterestsLink })).toHaveAttribute('href', '/profile-setting');

    const row = screen.getByRole('row', { name: /^Advanced Yoruba / });
    expect(within(row).getByRole('link', { name: 'Advanced Yoruba' })).toHaveAttribute('href', '/detail/4');
    expect(within(row).getByText('4.8/5')).toBeInTheDocument();
    expect(within(row).getByText('$20')).toBeInTheDocument();
  });

  it('matches a category sent as a bare id, and the languages a course is taught in', async () => {
    setInterests('French, English');
    openRecommendations();

    // Pidgin Basics: category 2 (French) as a bare id; Yoruba for Beginners is taught in English but joined.
    expect(await shownCourses()).toEqual(['Pidgin Basics']);
    const row = screen.getByRole('row', { name: /^Pidgin Basics / });
    expect(within(row).getByText(messages.notRated)).toBeInTheDocument();
    expect(within(row).getByText('Free')).toBeInTheDocument();
  });

  it('shows the most popular courses and a link to add interests when the student has none', async () => {
    setInterests('');
    addCourse(3, 'Akan Greetings', { category: { id: 9, title: 'Akan' }, languages: 'Akan', total_enrolled_students: 30, course_rating: null });
    addCourse(4, 'German Grammar', { category: { id: 8, title: 'German' }, languages: 'German', total_enrolled_students: 80, course_rating: 3 });
    openRecommendations();

    expect(await shownCourses()).toEqual(['German Grammar', 'Akan Greetings', 'Pidgin Basics']);
    expect(screen.getByText(messages.noInterests)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.addInterestsLink })).toHaveAttribute('href', '/profile-setting');
  });

  it('says so and shows the popular courses when nothing new matches the interests', async () => {
    setInterests('German');
    openRecommendations();

    expect(await shownCourses()).toEqual(['Pidgin Basics']);
    expect(screen.getByText(messages.noInterestMatch('German'))).toBeInTheDocument();
  });

  it('says so when there is nothing left to recommend', async () => {
    mockDb.courses = mockDb.courses.filter((course) => course.id === 1);
    openRecommendations();

    expect(await screen.findByText(messages.noRecommendations)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a skeleton while it reads what it needs', async () => {
    holdEndpoint('fetchEnrolledCourses');
    openRecommendations();

    expect(await screen.findByRole('status', { name: messages.loadingRecommendations })).toBeInTheDocument();
  });

  it.each([['listCourses'], ['getStudent'], ['fetchEnrolledCourses']] as const)(
    'says why when %s fails and reads it again on Retry',
    async (endpoint) => {
      failEndpoint(endpoint, 500, { once: true });
      const { user } = openRecommendations();

      const alert = await within(await screen.findByRole('main')).findByRole('alert');
      expect(alert).toHaveTextContent(errorMessages.server);
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));

      expect(await shownCourses()).toEqual(['Pidgin Basics']);
    },
  );

  it('still recommends when the categories cannot be read', async () => {
    failEndpoint('listCategories', 500);
    setInterests('Pidgin');
    openRecommendations();

    expect(await shownCourses()).toEqual(['Pidgin Basics']);
  });

  it('follows a change of interests made in Profile Setting', async () => {
    setInterests('');
    const { user } = openRecommendations();
    expect(await screen.findByText(messages.noInterests)).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: messages.areaNavLabel });

    await user.click(within(sidebar).getByRole('link', { name: messages.profileSettingLink }));
    const interests = await screen.findByRole('group', { name: messages.interestsLabel });
    await user.click(await within(interests).findByRole('checkbox', { name: 'French' }));
    await user.click(screen.getByRole('button', { name: messages.updateButton }));
    await screen.findByText(messages.profileUpdated);
    await user.click(within(sidebar).getByRole('link', { name: messages.recommendedCoursesLink }));

    expect(await screen.findByText(messages.recommendedForInterests('French'))).toBeInTheDocument();
    expect(await shownCourses()).toEqual(['Pidgin Basics']);
  });
});
