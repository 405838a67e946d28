import { screen, waitFor, within } from '@testing-library/react';
import type { Course } from '@/api/generated';
import { patterns } from '@/config/paths';
import { CourseDetailPage } from '@/features/courses/CourseDetailPage';
import { CourseChaptersPage } from '@/features/teacher/chapters/CourseChaptersPage';
import { TeacherCoursesPage } from '@/features/teacher/courses/TeacherCoursesPage';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderRoute } from '@test/render';

/** Drafts and publishing (extension, issue 23): teacher 4 (Amara Obi) owns course 1, published, with 12 students. */
const teacher = loggedInAs({ teacher: 4 });
const amara = { id: 4, full_name: 'Amara Obi' };

/** A draft of teacher 4: with a chapter and an image when `ready`. */
function addDraft(ready: boolean): Course {
  const course: Course = {
    id: 3,
    title: 'Akan Greetings',
    teacher: amara,
    languages: 'Akan',
    status: 'draft',
    course_rating: null,
    total_enrolled_students: 0,
    course_chapters: ready ? [{ id: 31, title: 'Hello', video: '/media/chapter_videos/hello.webm' }] : [],
    ...(ready ? { featured_img: '/media/course_images/akan.svg' } : {}),
  };
  mockDb.courses.push(course);
  if (ready) mockDb.chapters.push({ id: 31, course: 3, title: 'Hello', description: '', remarks: '', video: '/media/chapter_videos/hello.webm', captions: null });
  return course;
}

const renderMyCourses = () => renderRoute(patterns.teacherCourses, <TeacherCoursesPage />, { preloadedState: teacher });
const renderChapters = (route: string) => renderRoute(patterns.courseChapters, <CourseChaptersPage />, { route, preloadedState: teacher });

async function courseRow(title: string) {
  return (await screen.findByRole('link', { name: title })).closest('tr') as HTMLElement;
}

describe('Publishing a course (extension)', () => {
  it('Publish names what a draft lacks, with the links that fix it, and calls nothing', async () => {
    addDraft(false);
    const calls = recordCalls('setCourseStatus');
    const { user } = renderMyCourses();
    const row = await courseRow('Akan Greetings');
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    expect(within(row).getByText('Draft')).toBeInTheDocument();
    const publish = within(row).getByRole('button', { name: 'Publish Akan Greetings' });
    await user.click(publish);

    const dialog = await screen.findByRole('dialog', { name: 'Akan Greetings cannot be published yet' });
    expect(within(dialog).getByText('It has no chapter yet.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Add chapter' })).toHaveAttribute('href', '/add-chapter/3');
    expect(within(dialog).getByText('It has no course image yet.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Edit course' })).toHaveAttribute('href', '/edit-course/3');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(publish).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('Publish publishes a ready draft and says so; Unpublish asks first, naming the students who keep their access; each row changes in place', async () => {
    addDraft(true);
    mockDb.courses[0]!.status = 'published';
    const { user } = renderMyCourses();

    const draftRow = await courseRow('Akan Greetings');
    await user.click(within(draftRow).getByRole('button', { name: 'Publish Akan Greetings' }));
    expect(await screen.findByText('Published: students can now find and enrol in Akan Greetings.')).toBeInTheDocument();
    await waitFor(() => expect(within(draftRow).getByText('Published')).toBeInTheDocument());
    expect(within(draftRow).getByRole('button', { name: 'Unpublish Akan Greetings' })).toHaveFocus();

    const publishedRow = await courseRow('Yoruba for Beginners');
    const unpublish = within(publishedRow).getByRole('button', { name: 'Unpublish Yoruba for Beginners' });
    await user.click(unpublish);
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish Yoruba for Beginners?' });
    expect(dialog).toHaveAccessibleDescription('It leaves the catalogue; the 12 students already enrolled keep their access.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));

    await waitFor(() => expect(within(publishedRow).getByText('Draft')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(publishedRow).getByRole('button', { name: 'Publish Yoruba for Beginners' })).toHaveFocus();
    expect(mockDb.courses.find((course) => course.id === 1)?.status).toBe('draft');
  });

  it("on the course's chapters page, shows the chip and Publish, and the provider's refusal as text", async () => {
    addDraft(true);
    failEndpoint('setCourseStatus', 400, { msg: 'The first chapter has no video yet.' });
    const { user } = renderChapters('/course-chapters/3');
    expect(await screen.findByText('Draft')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish Akan Greetings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Akan Greetings cannot be published yet' });
    expect(within(dialog).getByText('The first chapter has no video yet.')).toBeInTheDocument();
  });

  it('tells the teacher opening their own draft on its public page that only they see it, with Publish', async () => {
    addDraft(true);
    const { user } = renderRoute(patterns.courseDetail, <CourseDetailPage />, { route: '/detail/3', preloadedState: teacher });
    expect(await screen.findByText('This course is a draft: only you can see it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish Akan Greetings' }));
    expect(await screen.findByText('Published: students can now find and enrol in Akan Greetings.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('This course is a draft: only you can see it.')).not.toBeInTheDocument());
  });

  it('shows no status, Publish or Unpublish on a provider without drafts', async () => {
    renderChapters('/course-chapters/1');
    // The course list has answered once the chapter's title takes the course's language.
    await waitFor(() => expect(screen.getByRole('rowheader', { name: 'Greetings' })).toHaveAttribute('lang'));
    expect(screen.queryByRole('button', { name: /publish/i })).not.toBeInTheDocument();
    expect(screen.queryByText(/^(Draft|Published)$/)).not.toBeInTheDocument();
  });
});
