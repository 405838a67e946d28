import { screen, within } from '@testing-library/react';
import type { Course, Teacher } from '@/api/generated';
import { messages } from '@/features/site/messages';
import * as fixtures from '@test/handlers/fixtures';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { renderApp } from '@test/render';
import { pageLoad } from './pageLoad';

/** Matches the paragraph whose whole text, across its inner elements, is `text`. */
const paragraph = (text: string) => (_: string, element: Element | null) => element?.tagName === 'P' && element.textContent === text;

const otherTeacher: Teacher = { ...fixtures.teacher, id: 9, full_name: 'Kwame Mensah', skills: 'Akan, German', profile_image: null };

describe('/all-teachers', () => {
  it('lists the teachers, each linking to their page', async () => {
    mockDb.teachers = [fixtures.teacher, otherTeacher];
    renderApp({ route: '/all-teachers' });

    expect(await screen.findByRole('link', { name: 'Amara Obi' }, pageLoad)).toHaveAttribute('href', '/teacher-detail/4');
    expect(screen.getByRole('link', { name: 'Kwame Mensah' })).toHaveAttribute('href', '/teacher-detail/9');
    const [amara] = screen.getAllByRole('article');
    expect(within(amara!).getByText('Yoruba, English')).toBeInTheDocument();
  });

  it('says so when there are no teachers', async () => {
    mockDb.teachers = [];
    renderApp({ route: '/all-teachers' });

    expect(await screen.findByText(messages.noTeachers, {}, pageLoad)).toBeInTheDocument();
  });

  it('shows an error with Retry when the teachers fail to load', async () => {
    failEndpoint('listTeachers', 500, { msg: 'Server error', once: true });
    const { user } = renderApp({ route: '/all-teachers' });

    const alert = await screen.findByRole('alert', {}, pageLoad);
    expect(alert).toHaveTextContent(messages.teachersLoadFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Amara Obi' })).toBeInTheDocument();
  });
});

describe('/teacher-detail/{teacher_id}', () => {
  const olderCourse: Course = { ...fixtures.paidCourse, id: 1, title: 'Yoruba for Beginners', course_rating: 4 };
  const newerCourse: Course = { ...fixtures.paidCourse, id: 6, title: 'Yoruba Proverbs', course_rating: 5 };
  const unratedCourse: Course = { ...fixtures.freeCourse, id: 3, title: 'Yoruba Numbers', course_rating: null };

  /** Gives teacher 4 (Amara Obi) these courses. */
  function arrangeCoursesOfAmara(courses: Course[]) {
    mockDb.teachers = mockDb.teachers.map((teacher) => (teacher.id === 4 ? { ...teacher, teacher_courses: courses } : teacher));
  }

  it("shows the teacher's name, description, languages, most recent course, average rating and courses", async () => {
    arrangeCoursesOfAmara([olderCourse, newerCourse, unratedCourse]);
    const teacherCalls = recordCalls('getTeacher');
    renderApp({ route: '/teacher-detail/4' });

    const profile = within(await screen.findByRole('region', { name: 'Amara Obi' }, pageLoad));
    expect(teacherCalls.map((call) => call.params)).toEqual([{ id: '4' }]);
    expect(profile.getByRole('heading', { level: 1, name: 'Amara Obi' })).toBeInTheDocument();
    expect(profile.getByText('Teaches Yoruba to adults since 2012.')).toBeInTheDocument();
    expect(profile.getByText(paragraph('Languages: Yoruba, English'))).toBeInTheDocument();
    expect(profile.getByText(paragraph('Recent course: Yoruba Proverbs'))).toBeInTheDocument();
    expect(profile.getByRole('link', { name: 'Yoruba Proverbs' })).toHaveAttribute('href', '/detail/6');
    expect(profile.getByText(paragraph('Rating: 4.5/5'))).toBeInTheDocument();

    const courses = screen.getAllByRole('article');
    expect(courses.map((course) => within(course).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Yoruba for Beginners',
      'Yoruba Proverbs',
      'Yoruba Numbers',
    ]);
    expect(within(courses[1]!).getByRole('link', { name: `${messages.enrollNow}: Yoruba Proverbs` })).toHaveAttribute('href', '/detail/6');
  });

  it('leaves out the recent course and rating lines when the teacher has no courses', async () => {
    arrangeCoursesOfAmara([]);
    renderApp({ route: '/teacher-detail/4' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Amara Obi' }, pageLoad)).toBeInTheDocument();
    expect(screen.getByText(messages.teacherNoCourses)).toBeInTheDocument();
    expect(screen.queryByText(`${messages.recentCourse}:`)).not.toBeInTheDocument();
    expect(screen.queryByText(`${messages.teacherRating}:`)).not.toBeInTheDocument();
    expect(screen.queryByText(/4\.5\/5/)).not.toBeInTheDocument();
  });

  it("says 'Teacher not found' on a 404", async () => {
    // The mocked provider has no teacher 99.
    renderApp({ route: '/teacher-detail/99' });

    expect(await screen.findByRole('heading', { level: 1, name: messages.teacherNotFound }, pageLoad)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.seeAllTeachers })).toHaveAttribute('href', '/all-teachers');
  });

  it("says 'Teacher not found' for an address that holds no teacher id, without asking the server", async () => {
    const teacherCalls = recordCalls('getTeacher');
    renderApp({ route: '/teacher-detail/abc' });

    expect(await screen.findByRole('heading', { level: 1, name: messages.teacherNotFound }, pageLoad)).toBeInTheDocument();
    expect(teacherCalls).toEqual([]);
  });

  it('shows an error with Retry on other failures', async () => {
    failEndpoint('getTeacher', 500, { msg: 'Server error', once: true });
    const { user } = renderApp({ route: '/teacher-detail/4' });

    const alert = await screen.findByRole('alert', {}, pageLoad);
    expect(alert).toHaveTextContent(messages.teacherLoadFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Amara Obi' })).toBeInTheDocument();
  });
});
