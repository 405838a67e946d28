import { fireEvent, screen, within } from '@testing-library/react';
import type { Course, Teacher } from '@/api/generated';
import { patterns } from '@/config/paths';
import { AllTeachersPage } from '@/features/site/AllTeachersPage';
import { TeacherDetailPage } from '@/features/site/TeacherDetailPage';
import * as fixtures from '@test/handlers/fixtures';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { renderRoute } from '@test/render';
import { pageLoad } from './pageLoad';

/** The teacher pages' texts (ours; 'ENROLL NOW' the spec's). */
const messages = {
  noTeachers: 'No teachers yet.',
  teachersLoadFailed: 'The teachers could not be loaded.',
  enrollNow: 'ENROLL NOW',
  teacherNoCourses: 'This teacher has no courses yet.',
  recentCourse: 'Recent course',
  teacherRating: 'Rating',
  teacherNotFound: 'Teacher not found',
  seeAllTeachers: 'See all teachers',
  teacherLoadFailed: 'The teacher could not be loaded.',
};

const openTeachers = () => renderRoute(patterns.allTeachers, <AllTeachersPage />);
const openTeacher = (id: number | string) => renderRoute(patterns.teacherDetail, <TeacherDetailPage />, { route: `/teacher-detail/${id}` });

/** Matches the paragraph whose whole text, across its inner elements, is `text`. */
const paragraph = (text: string) => (_: string, element: Element | null) => element?.tagName === 'P' && element.textContent === text;

const otherTeacher: Teacher = { ...fixtures.teacher, id: 9, full_name: 'Kwame Mensah', skills: 'Akan, German', profile_image: null };

describe('/all-teachers', () => {
  it('lists the teachers, each linking to their page', async () => {
    mockDb.teachers = [fixtures.teacher, otherTeacher];
    openTeachers();

    expect(await screen.findByRole('link', { name: 'Amara Obi' }, pageLoad)).toHaveAttribute('href', '/teacher-detail/4');
    expect(screen.getByRole('link', { name: 'Kwame Mensah' })).toHaveAttribute('href', '/teacher-detail/9');
    const [amara] = screen.getAllByRole('article');
    expect(within(amara!).getByText('Yoruba, English')).toBeInTheDocument();
  });

  it("shows a teacher's initials where their picture does not load", async () => {
    mockDb.teachers = [fixtures.teacher];
    openTeachers();

    await screen.findByRole('link', { name: 'Amara Obi' }, pageLoad);
    const [amara] = screen.getAllByRole('article');
    // The picture is decorative (alt="", hidden from assistive technology: the name is beside it).
    const picture = within(amara!).getByRole('presentation', { hidden: true });
    expect(picture).toHaveAttribute('src', expect.stringContaining('amara.svg'));
    expect(within(amara!).queryByText('AO')).not.toBeInTheDocument();

    fireEvent.error(picture);
    expect(await within(amara!).findByText('AO')).toBeInTheDocument();
    expect(within(amara!).queryByRole('presentation', { hidden: true })).not.toBeInTheDocument();
  });

  it('says so when there are no teachers', async () => {
    mockDb.teachers = [];
    openTeachers();

    expect(await screen.findByText(messages.noTeachers, {}, pageLoad)).toBeInTheDocument();
  });

  it('shows an error with Retry when the teachers fail to load', async () => {
    failEndpoint('listTeachers', 500, { msg: 'Server error', once: true });
    const { user } = openTeachers();

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
    openTeacher(4);

    const profile = within(await screen.findByRole('region', { name: 'Amara Obi' }, pageLoad));
    expect(teacherCalls.map((call) => [call.params, call.query])).toEqual([[{ id: '4' }, { courses_limit: '12', courses_offset: '0' }]]);
    expect(profile.getByRole('heading', { level: 1, name: 'Amara Obi' })).toBeInTheDocument();
    expect(profile.getByText('Teaches Yoruba to adults since 2012.')).toBeInTheDocument();
    expect(profile.getByText(paragraph('Languages: Yoruba, English'))).toBeInTheDocument();
    expect(profile.getByText(paragraph('Recent course: Yoruba Proverbs'))).toBeInTheDocument();
    expect(profile.getByRole('link', { name: 'Yoruba Proverbs' })).toHaveAttribute('href', '/detail/6');
    expect(profile.getByText(paragraph('Rating: 4.5/5'))).toBeInTheDocument();

    const courses = screen.getAllByRole('article');
    expect(courses.map((course) => within(course).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Yoruba Proverbs',
      'Yoruba Numbers',
      'Yoruba for Beginners',
    ]);
    expect(screen.queryByRole('button', { name: 'Show more courses' })).not.toBeInTheDocument();
    expect(within(courses[0]!).getByRole('link', { name: `${messages.enrollNow}: Yoruba Proverbs` })).toHaveAttribute('href', '/detail/6');
  });

  describe('a teacher with many courses', () => {
    /** 30 courses, ids 1 to 30, each rated 4 but course 30 (rated 5). */
    const manyCourses: Course[] = Array.from({ length: 30 }, (_, index) => ({
      ...fixtures.paidCourse,
      id: index + 1,
      title: `Course ${index + 1}`,
      course_rating: index === 29 ? 5 : 4,
    }));
    const cardTitles = () => screen.getAllByRole('article').map((course) => within(course).getByRole('heading', { level: 3 }).textContent);
    const titles = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, index) => `Course ${from - index}`);

    it('shows the first 12 newest first with the total, and Show more appends the next page from the provider', async () => {
      arrangeCoursesOfAmara(manyCourses);
      const teacherCalls = recordCalls('getTeacher');
      const { user } = openTeacher(4);

      const profile = within(await screen.findByRole('region', { name: 'Amara Obi' }, pageLoad));
      expect(profile.getByText(paragraph('Recent course: Course 30'))).toBeInTheDocument();
      // The average of all 30 courses (the provider says it), not of the first page's 12.
      expect(profile.getByText(paragraph('Rating: 4.0/5'))).toBeInTheDocument();
      expect(cardTitles()).toEqual(titles(30, 19));
      expect(screen.getByText('Showing 12 of 30 courses')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Show more courses' }));
      expect(await screen.findByText('Showing 24 of 30 courses')).toBeInTheDocument();
      expect(cardTitles()).toEqual(titles(30, 7));
      expect(screen.getByRole('link', { name: 'Course 18' })).toHaveFocus();

      await user.click(screen.getByRole('button', { name: 'Show more courses' }));
      expect(await screen.findByText('Showing 30 of 30 courses')).toBeInTheDocument();
      expect(cardTitles()).toEqual(titles(30, 1));
      expect(screen.queryByRole('button', { name: 'Show more courses' })).not.toBeInTheDocument();
      expect(teacherCalls.map((call) => call.query)).toEqual([
        { courses_limit: '12', courses_offset: '0' },
        { courses_limit: '12', courses_offset: '12' },
        { courses_limit: '12', courses_offset: '24' },
      ]);
    });

    it('pages the whole list from memory when the provider ignores the page and sends every course', async () => {
      arrangeCoursesOfAmara(manyCourses);
      mockEndpoint('getTeacher', () => ({ ...fixtures.teacher, teacher_courses: manyCourses }));
      const teacherCalls = recordCalls('getTeacher');
      const { user } = openTeacher(4);

      const profile = within(await screen.findByRole('region', { name: 'Amara Obi' }, pageLoad));
      expect(profile.getByText(paragraph('Recent course: Course 30'))).toBeInTheDocument();
      expect(profile.getByText(paragraph('Rating: 4.0/5'))).toBeInTheDocument();
      expect(cardTitles()).toEqual(titles(30, 19));
      expect(screen.getByText('Showing 12 of 30 courses')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Show more courses' }));
      expect(await screen.findByText('Showing 24 of 30 courses')).toBeInTheDocument();
      expect(cardTitles()).toEqual(titles(30, 7));
      expect(screen.getByRole('link', { name: 'Course 18' })).toHaveFocus();
      await user.click(screen.getByRole('button', { name: 'Show more courses' }));
      expect(await screen.findByText('Showing 30 of 30 courses')).toBeInTheDocument();
      expect(cardTitles()).toEqual(titles(30, 1));
      expect(screen.queryByRole('button', { name: 'Show more courses' })).not.toBeInTheDocument();
      expect(teacherCalls).toHaveLength(1);
    });
  });

  it('leaves out the recent course and rating lines when the teacher has no courses', async () => {
    arrangeCoursesOfAmara([]);
    openTeacher(4);

    expect(await screen.findByRole('heading', { level: 1, name: 'Amara Obi' }, pageLoad)).toBeInTheDocument();
    expect(screen.getByText(messages.teacherNoCourses)).toBeInTheDocument();
    expect(screen.queryByText(`${messages.recentCourse}:`)).not.toBeInTheDocument();
    expect(screen.queryByText(`${messages.teacherRating}:`)).not.toBeInTheDocument();
    expect(screen.queryByText(/4\.5\/5/)).not.toBeInTheDocument();
  });

  it("says 'Teacher not found' on a 404", async () => {
    // The mocked provider has no teacher 99.
    openTeacher(99);

    expect(await screen.findByRole('heading', { level: 1, name: messages.teacherNotFound }, pageLoad)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.seeAllTeachers })).toHaveAttribute('href', '/all-teachers');
  });

  it("says 'Teacher not found' for an address that holds no teacher id, without asking the server", async () => {
    const teacherCalls = recordCalls('getTeacher');
    openTeacher('abc');

    expect(await screen.findByRole('heading', { level: 1, name: messages.teacherNotFound }, pageLoad)).toBeInTheDocument();
    expect(teacherCalls).toEqual([]);
  });

  it('shows an error with Retry on other failures', async () => {
    failEndpoint('getTeacher', 500, { msg: 'Server error', once: true });
    const { user } = openTeacher(4);

    const alert = await screen.findByRole('alert', {}, pageLoad);
    expect(alert).toHaveTextContent(messages.teacherLoadFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Amara Obi' })).toBeInTheDocument();
  });
});

describe("the teacher page's bio and intro video (extension, issue 39)", () => {
  it('plays the intro video only when asked (preload none) and keeps the paragraphs of the bio', async () => {
    const bio = 'I teach Yoruba to adults.\n\nTen years in Lagos.';
    mockDb.teachers = [{ ...fixtures.teacher, detail: bio, intro_video: '/media/teacher_videos/intro.webm' }];
    openTeacher(4);
    const video = await screen.findByLabelText('Intro video of Amara Obi', {}, pageLoad);
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', 'http://localhost/media/teacher_videos/intro.webm');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('controls');
    expect(screen.getByText(paragraph(bio))).toHaveStyle({ whiteSpace: 'pre-line' });
  });

  it('shows no video where the teacher has none, or the provider has no intro videos', async () => {
    mockDb.teachers = [{ ...fixtures.teacher, intro_video: null }];
    openTeacher(4);
    expect(await screen.findByRole('heading', { level: 1, name: 'Amara Obi' }, pageLoad)).toBeInTheDocument();
    expect(screen.queryByLabelText('Intro video of Amara Obi')).not.toBeInTheDocument();
  });
});
