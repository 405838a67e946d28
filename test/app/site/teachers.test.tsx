import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Course, Teacher } from '@/api/generated';
import { messages } from '@/features/site/messages';
import { API } from '@test/handlers';
import * as fixtures from '@test/handlers/fixtures';
import { renderApp } from '@test/render';
import { server } from '@test/server';
import { pageLoad } from './pageLoad';

/** Matches the paragraph whose whole text, across its inner elements, is `text`. */
const paragraph = (text: string) => (_: string, element: Element | null) => element?.tagName === 'P' && element.textContent === text;

const otherTeacher: Teacher = { ...fixtures.teacher, id: 9, full_name: 'Kwame Mensah', skills: 'Akan, German', profile_image: null };

describe('/all-teachers', () => {
  it('lists the teachers, each linking to their page', async () => {
    server.use(http.get<never, never, Teacher[]>(`${API}/teacher/`, () => HttpResponse.json([fixtures.teacher, otherTeacher])));
    renderApp({ route: '/all-teachers' });

    expect(await screen.findByRole('link', { name: 'Amara Obi' }, pageLoad)).toHaveAttribute('href', '/teacher-detail/4');
    expect(screen.getByRole('link', { name: 'Kwame Mensah' })).toHaveAttribute('href', '/teacher-detail/9');
    const [amara] = screen.getAllByRole('article');
    expect(within(amara!).getByText('Yoruba, English')).toBeInTheDocument();
  });

  it('says so when there are no teachers', async () => {
    server.use(http.get<never, never, Teacher[]>(`${API}/teacher/`, () => HttpResponse.json([])));
    renderApp({ route: '/all-teachers' });

    expect(await screen.findByText(messages.noTeachers, {}, pageLoad)).toBeInTheDocument();
  });

  it('shows an error with Retry when the teachers fail to load', async () => {
    server.use(http.get(`${API}/teacher/`, () => HttpResponse.json({ msg: 'Server error' }, { status: 500 }), { once: true }));
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

  function answerTeacher(teacher: Teacher) {
    let requestedPath = '';
    server.use(
      http.get<never, never, Teacher>(`${API}/teacher/:id`, ({ request }) => {
        requestedPath = new URL(request.url).pathname;
        return HttpResponse.json(teacher);
      }),
    );
    return () => requestedPath;
  }

  it("shows the teacher's name, description, languages, most recent course, average rating and courses", async () => {
    const requestedPath = answerTeacher({ ...fixtures.teacher, teacher_courses: [olderCourse, newerCourse, unratedCourse] });
    renderApp({ route: '/teacher-detail/4' });

    const profile = within(await screen.findByRole('region', { name: 'Amara Obi' }, pageLoad));
    expect(requestedPath()).toBe('/api/teacher/4');
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
    expect(within(courses[1]!).getByRole('link', { name: messages.enrollNow })).toHaveAttribute('href', '/detail/6');
  });

  it('leaves out the recent course and rating lines when the teacher has no courses', async () => {
    answerTeacher({ ...fixtures.teacher, teacher_courses: [] });
    renderApp({ route: '/teacher-detail/4' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Amara Obi' }, pageLoad)).toBeInTheDocument();
    expect(screen.getByText(messages.teacherNoCourses)).toBeInTheDocument();
    expect(screen.queryByText(`${messages.recentCourse}:`)).not.toBeInTheDocument();
    expect(screen.queryByText(`${messages.teacherRating}:`)).not.toBeInTheDocument();
    expect(screen.queryByText(/4\.5\/5/)).not.toBeInTheDocument();
  });

  it("says 'Teacher not found' on a 404", async () => {
    server.use(http.get(`${API}/teacher/:id`, () => HttpResponse.json({ msg: 'Teacher not found.' }, { status: 404 })));
    renderApp({ route: '/teacher-detail/99' });

    expect(await screen.findByRole('heading', { level: 1, name: messages.teacherNotFound }, pageLoad)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.seeAllTeachers })).toHaveAttribute('href', '/all-teachers');
  });

  it("says 'Teacher not found' for an address that holds no teacher id, without asking the server", async () => {
    renderApp({ route: '/teacher-detail/abc' });

    expect(await screen.findByRole('heading', { level: 1, name: messages.teacherNotFound }, pageLoad)).toBeInTheDocument();
  });

  it('shows an error with Retry on other failures', async () => {
    server.use(http.get(`${API}/teacher/:id`, () => HttpResponse.json({ msg: 'Server error' }, { status: 500 }), { once: true }));
    const { user } = renderApp({ route: '/teacher-detail/4' });

    const alert = await screen.findByRole('alert', {}, pageLoad);
    expect(alert).toHaveTextContent(messages.teacherLoadFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Amara Obi' })).toBeInTheDocument();
  });
});
