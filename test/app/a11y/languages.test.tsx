import { screen, waitFor, within } from '@testing-library/react';
import { courseLanguage } from '@/components/courseLanguage';
import { paths, patterns } from '@/config/paths';
import { CourseDetailPage } from '@/features/courses/CourseDetailPage';
import { TeacherInboxPage } from '@/features/messaging/InboxPage';
import { AllCoursesPage } from '@/features/site/AllCoursesPage';
import { MyCoursesPage } from '@/features/student/area/MyCoursesPage';
import { CourseChaptersPage } from '@/features/teacher/chapters/CourseChaptersPage';
import { TeacherCoursesPage } from '@/features/teacher/courses/TeacherCoursesPage';
import { mockDb } from '@test/handlers/mockDb';
import { recordSent } from '@test/recordCalls';
import { loggedInAs, renderRoute } from '@test/render';

/**
 * Languages spoken in their own voice (WCAG 3.1.2, issue 26 item 1): a course's own texts carry
 * the `lang` of its language, and a message the language its sender chose. Fixtures: course 1
 * 'Yoruba for Beginners' (languages 'Yoruba, English', chapter 'Greetings'), course 2 'Pidgin
 * Basics' ('Pidgin'); teacher 4 (Amara Obi) teaches student 7 (Ada Lovelace).
 */
describe("a course's language", () => {
  it.each([
    ['Spanish, English', 'es'],
    ['French', 'fr'],
    ['German', 'de'],
    ['Yoruba', 'yo'],
    ['Nigerian Pidgin', 'pcm'],
    ['Pidgin English', 'pcm'],
    ['Akan (Twi)', 'ak'],
    ['English and Yoruba', 'en'],
  ])('%s is spoken as %s (the first language named)', (languages, tag) => {
    expect(courseLanguage(languages)).toBe(tag);
  });

  it.each([[''], [null], [undefined], ['Igbo, English'], ['Klingon']])('%p gives no language', (languages) => {
    expect(courseLanguage(languages)).toBeUndefined();
  });

  it("marks the course page's title, description and chapter titles with the course's language, not its facts", async () => {
    renderRoute(patterns.courseDetail, <CourseDetailPage />, { route: '/detail/1', preloadedState: loggedInAs({ student: 7 }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Yoruba for Beginners' })).toHaveAttribute('lang', 'yo');
    expect(screen.getByText('Greetings, numbers and everyday phrases.')).toHaveAttribute('lang', 'yo');
    const chapter = await screen.findByRole('link', { name: '1 Greetings' });
    expect(within(chapter).getByText('Greetings')).toHaveAttribute('lang', 'yo');
    expect(within(chapter).getByText('1')).not.toHaveAttribute('lang');
    expect(screen.getByText('Yoruba, English')).not.toHaveAttribute('lang');
  });

  it("marks each course card's title with its own course's language", async () => {
    renderRoute(patterns.allCourses, <AllCoursesPage />);

    expect(await screen.findByRole('heading', { name: 'Yoruba for Beginners' })).toHaveAttribute('lang', 'yo');
    expect(screen.getByRole('heading', { name: 'Pidgin Basics' })).toHaveAttribute('lang', 'pcm');
  });

  it("marks the titles in the student's My Courses and the teacher's course and chapter tables", async () => {
    const { unmount: leaveMyCourses } = renderRoute(patterns.myCourses, <MyCoursesPage />, { preloadedState: loggedInAs({ student: 7 }) });
    const myCourse = await screen.findByRole('link', { name: 'Yoruba for Beginners' });
    await waitFor(() => expect(myCourse).toHaveAttribute('lang', 'yo'));
    leaveMyCourses();

    const { unmount: leaveTeacherCourses } = renderRoute(patterns.teacherCourses, <TeacherCoursesPage />, { preloadedState: loggedInAs({ teacher: 4 }) });
    expect(await screen.findByRole('link', { name: 'Yoruba for Beginners' })).toHaveAttribute('lang', 'yo');
    leaveTeacherCourses();

    mockDb.chapters.push({ id: 12, course: 1, title: 'Numbers', description: 'One to ten.', video: null, remarks: 'Ka wọn sókè.' });
    renderRoute(patterns.courseChapters, <CourseChaptersPage />, { route: '/course-chapters/1', preloadedState: loggedInAs({ teacher: 4 }) });
    const chapter = await screen.findByRole('rowheader', { name: 'Numbers' });
    await waitFor(() => expect(chapter).toHaveAttribute('lang', 'yo'));
    expect(screen.getByText('Ka wọn sókè.')).toHaveAttribute('lang', 'yo');
  });
});

describe("a message's language", () => {
  beforeEach(() => window.localStorage.clear());

  async function openConversationWithAda() {
    const view = renderRoute(patterns.teacherConversation, <TeacherInboxPage />, { route: paths.teacherConversation(7), preloadedState: loggedInAs({ teacher: 4 }) });
    const log = await screen.findByRole('log', { name: 'Conversation with Ada Lovelace' });
    const page = view.container;
    await within(log).findByText('Thank you!');
    return { ...view, page, log };
  }

  it('is chosen in the composer, sent with the message, shown with it, and remembered for the conversation', async () => {
    const { user, page, log, unmount } = await openConversationWithAda();
    const sent = recordSent('sendMessage');

    await user.selectOptions(within(page).getByRole('combobox', { name: 'Language of the message' }), 'Yoruba');
    await user.type(within(page).getByRole('textbox', { name: 'Message' }), 'Ẹ káàárọ̀{Enter}');

    expect(await within(log).findByText('Ẹ káàárọ̀')).toHaveAttribute('lang', 'yo');
    expect(sent.map((call) => call.fields)).toEqual([{ msg_text: 'Ẹ káàárọ̀', msg_from: 'teacher', lang: 'yo' }]);
    unmount();

    const again = await openConversationWithAda();
    expect(within(again.page).getByRole('combobox', { name: 'Language of the message' })).toHaveValue('yo');
  });

  it('is left out when none is chosen, and messages from a provider without languages carry none', async () => {
    const sent = recordSent('sendMessage');
    const { user, page, log } = await openConversationWithAda();

    expect(within(log).getByText('Welcome to the course!')).not.toHaveAttribute('lang');
    await user.type(within(page).getByRole('textbox', { name: 'Message' }), 'See you{Enter}');
    await waitFor(() => expect(sent.map((call) => call.fields)).toEqual([{ msg_text: 'See you', msg_from: 'teacher' }]));
  });
});
