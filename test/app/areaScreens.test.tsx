import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { paths, patterns } from '@/config/paths';
import { StudentInboxPage, TeacherInboxPage } from '@/features/messaging/InboxPage';
import { ReviewPage } from '@/features/practice/ReviewPage';
import { FavoriteCoursesPage } from '@/features/student/area/FavoriteCoursesPage';
import { MyAssignmentsPage } from '@/features/student/area/MyAssignmentsPage';
import { MyCoursesPage } from '@/features/student/area/MyCoursesPage';
import { MyTeachersPage } from '@/features/student/area/MyTeachersPage';
import { ProfileSettingPage } from '@/features/student/area/ProfileSettingPage';
import { RecommendedCoursesPage } from '@/features/student/area/RecommendedCoursesPage';
import { StartHerePage } from '@/features/student/start/StartHerePage';
import { StudentAssignmentPage } from '@/features/student/assignments/StudentAssignmentPage';
import { ShowAssignmentPage } from '@/features/teacher/assignments/ShowAssignmentPage';
import { TeacherAnswersPage } from '@/features/teacher/assignments/TeacherAnswersPage';
import { TeacherAssignmentPage } from '@/features/teacher/assignments/TeacherAssignmentPage';
import { CourseChaptersPage } from '@/features/teacher/chapters/CourseChaptersPage';
import { EditChapterPage } from '@/features/teacher/chapters/EditChapterPage';
import { EditCoursePage } from '@/features/teacher/courses/EditCoursePage';
import { StudentLessonsPage, TeacherMyLessonsPage } from '@/features/lessons/mine/MyLessonsPages';
import { TeacherLessonsPage } from '@/features/teacher/lessons/TeacherLessonsPage';
import { TeacherCoursesPage } from '@/features/teacher/courses/TeacherCoursesPage';
import { TeacherProfileSettingPage } from '@/features/teacher/profile/TeacherProfileSettingPage';
import { EnrolledStudentsPage } from '@/features/teacher/students/EnrolledStudentsPage';
import { MyStudentsPage } from '@/features/teacher/students/MyStudentsPage';
import { ViewStudentPage } from '@/features/teacher/students/ViewStudentPage';
import { lessonOf } from '@test/app/lessons/lessonsTestKit';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, holdEndpoint, type EndpointName } from '@test/mockEndpoint';
import { loggedInAs, renderApp, renderRoute } from '@test/render';

/**
 * What every screen of the two areas shares, one row per screen: a skeleton while its data loads, a
 * failure said in words with Retry (and the data after Retry), and the way in from the area's menu.
 * What a single screen does differently (the dashboards' 'Error' popup, a list that keeps its rows
 * on a failed refresh, a refusal's own words) stays in that screen's suite.
 *
 * The fixtures: student 7 (Ada Lovelace) takes course 1, 'Yoruba for Beginners' (chapter 11,
 * 'Greetings'), of teacher 4 (Amara Obi), who gave her assignments 21 'Write five greetings' and
 * 22 'Count to ten' and wrote to her.
 */

const asStudent = loggedInAs({ student: 7 });
const asTeacher = loggedInAs({ teacher: 4 });

/** The provider's words for a failure, whichever screen it reaches (our wording; spec section 8's for no answer). */
const serverFailed = 'The server ran into a problem. Please try again in a few minutes.';
const noResponse = 'No response from the server. Please try again later.';

/** An element a screen shows, found by its role and accessible name (and, for a field, its value). */
interface Shown {
  role: 'link' | 'row' | 'heading' | 'textbox';
  name: string | RegExp;
  value?: string;
}

interface AreaScreen {
  screen: string;
  side: 'student' | 'teacher';
  pattern: string;
  page: ReactElement;
  route?: string;
  /** The endpoint whose answer the screen waits for. */
  endpoint: EndpointName;
  /** The name of its skeleton (a `status`). */
  loading: string;
  /** What it says when that endpoint fails with a 500 and with no answer at all. */
  failed: { 500: string | string[]; network: string | string[] };
  /** What it shows once loaded. */
  shown: Shown;
  arrange?: () => void;
}

/** Ada Lovelace's lesson with Amara Obi, booked for a Monday far ahead. */
const arrangeLesson = () => {
  mockDb.bookings = [lessonOf({ id: 50, starts_at: '2099-01-05T09:00:00.000Z' })];
};

const areaScreens: AreaScreen[] = [
  {
    screen: 'My Courses',
    side: 'student',
    pattern: patterns.myCourses,
    page: <MyCoursesPage />,
    endpoint: 'fetchEnrolledCourses',
    loading: 'Loading your courses',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'link', name: 'Yoruba for Beginners' },
  },
  {
    screen: 'Favourite Courses',
    side: 'student',
    pattern: patterns.favoriteCourses,
    page: <FavoriteCoursesPage />,
    endpoint: 'fetchFavoriteCourses',
    loading: 'Loading your favourite courses',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'row', name: /^Yoruba for Beginners / },
    arrange: () => {
      mockDb.favourites = [{ id: 1, course: 1, student: 7 }];
    },
  },
  {
    screen: 'Review',
    side: 'student',
    pattern: patterns.review,
    page: <ReviewPage />,
    endpoint: 'getReviewDeck',
    loading: 'Loading your review deck',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'heading', name: 'Type "good morning" in Yoruba.' },
  },
  {
    screen: 'Recommended Courses',
    side: 'student',
    pattern: patterns.recommendedCourses,
    page: <RecommendedCoursesPage />,
    endpoint: 'listRecommendedCourses',
    loading: 'Loading recommended courses',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'row', name: /^Pidgin Basics / },
  },
  {
    screen: 'Start here',
    side: 'student',
    pattern: patterns.studentStart,
    page: <StartHerePage />,
    endpoint: 'getLearningGoals',
    loading: 'Loading your first steps',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'heading', name: 'Because you are interested in Yoruba' },
  },
  {
    screen: 'My Assignments',
    side: 'student',
    pattern: patterns.myAssignments,
    page: <MyAssignmentsPage />,
    endpoint: 'listMyAssignments',
    loading: 'Loading your assignments',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'row', name: /^Write five greetings / },
  },
  {
    screen: 'an assignment',
    side: 'student',
    pattern: patterns.studentAssignment,
    page: <StudentAssignmentPage />,
    route: paths.studentAssignment(21),
    endpoint: 'getAssignment',
    loading: 'Loading the assignment',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'heading', name: 'Write five greetings' },
  },
  {
    screen: 'My Teachers',
    side: 'student',
    pattern: patterns.myTeachers,
    page: <MyTeachersPage />,
    endpoint: 'fetchMyTeachers',
    loading: 'Loading your teachers',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'row', name: /^Amara Obi / },
  },
  {
    screen: 'My lessons',
    side: 'student',
    pattern: patterns.studentLessons,
    page: <StudentLessonsPage />,
    endpoint: 'getStudentLessons',
    loading: 'Loading your lessons',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'heading', name: 'Conversation practice' },
    arrange: arrangeLesson,
  },
  {
    screen: 'Messages',
    side: 'student',
    pattern: patterns.studentMessages,
    page: <StudentInboxPage />,
    endpoint: 'listStudentConversations',
    loading: 'Loading your conversations',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'link', name: /^Amara Obi/ },
  },
  {
    screen: 'Profile Setting',
    side: 'student',
    pattern: patterns.profileSetting,
    page: <ProfileSettingPage />,
    endpoint: 'getStudent',
    loading: 'Loading your data',
    // Spec section 8, whatever the failure.
    failed: { 500: 'Failed to get student data', network: 'Failed to get student data' },
    shown: { role: 'textbox', name: 'Full Name', value: 'Ada Lovelace' },
  },
  {
    screen: 'My Courses',
    side: 'teacher',
    pattern: patterns.teacherCourses,
    page: <TeacherCoursesPage />,
    endpoint: 'listTeacherCourses',
    loading: 'Loading your courses',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'link', name: 'Yoruba for Beginners' },
  },
  {
    screen: 'Edit Course',
    side: 'teacher',
    pattern: patterns.editCourse,
    page: <EditCoursePage />,
    route: paths.editCourse(1),
    endpoint: 'getTeacherCourseDetail',
    loading: 'Loading the course',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'textbox', name: 'Title', value: 'Yoruba for Beginners' },
  },
  {
    screen: 'All Chapters',
    side: 'teacher',
    pattern: patterns.courseChapters,
    page: <CourseChaptersPage />,
    route: paths.courseChapters(1),
    endpoint: 'listCourseChapters',
    loading: 'Loading the chapters',
    // Spec section 8's words for the chapter list.
    failed: { 500: 'An unexpected error occurred.', network: noResponse },
    shown: { role: 'row', name: /^Greetings / },
  },
  {
    screen: 'Update Chapter',
    side: 'teacher',
    pattern: patterns.editChapter,
    page: <EditChapterPage />,
    route: paths.editChapter(11),
    endpoint: 'getChapter',
    loading: 'Loading the chapter',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'textbox', name: 'Title', value: 'Greetings' },
  },
  {
    screen: 'Enrolled Students List',
    side: 'teacher',
    pattern: patterns.enrolledStudents,
    page: <EnrolledStudentsPage />,
    route: paths.enrolledStudents(1),
    endpoint: 'fetchEnrolledStudents',
    loading: 'Loading the students',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'row', name: /^Ada Lovelace / },
  },
  {
    screen: 'All of my Students',
    side: 'teacher',
    pattern: patterns.myStudents,
    page: <MyStudentsPage />,
    endpoint: 'fetchAllEnrolledStudents',
    loading: 'Loading the students',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'row', name: /^Ada Lovelace / },
  },
  {
    screen: 'a student',
    side: 'teacher',
    pattern: patterns.viewStudent,
    page: <ViewStudentPage />,
    route: paths.viewStudent(7),
    endpoint: 'getTeacherStudent',
    loading: 'Loading the student',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'heading', name: 'Ada Lovelace' },
  },
  {
    screen: "a student's assignments",
    side: 'teacher',
    pattern: patterns.showAssignment,
    page: <ShowAssignmentPage />,
    route: paths.showAssignment(7, 4),
    endpoint: 'listStudentAssignments',
    loading: 'Loading the assignments',
    failed: { 500: ['No Assignment found', serverFailed], network: ['No Assignment found', noResponse] },
    shown: { role: 'heading', name: 'All Assignments (2)' },
  },
  {
    screen: 'Answers',
    side: 'teacher',
    pattern: patterns.teacherAnswers,
    page: <TeacherAnswersPage />,
    endpoint: 'listTeacherAnswers',
    loading: 'Loading the answers',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'row', name: /^Count to ten / },
  },
  {
    screen: 'an assignment',
    side: 'teacher',
    pattern: patterns.teacherAssignment,
    page: <TeacherAssignmentPage />,
    route: paths.teacherAssignment(21),
    endpoint: 'getAssignment',
    loading: 'Loading the assignment',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'heading', name: 'Write five greetings' },
  },
  {
    screen: 'Lessons',
    side: 'teacher',
    pattern: patterns.teacherLessons,
    page: <TeacherLessonsPage />,
    endpoint: 'getTeacherLessons',
    loading: 'Loading your lessons',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'heading', name: 'Your hours' },
  },
  {
    screen: 'My lessons',
    side: 'teacher',
    pattern: patterns.teacherMyLessons,
    page: <TeacherMyLessonsPage />,
    endpoint: 'getTeacherBookings',
    loading: 'Loading your lessons',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'heading', name: 'Conversation practice' },
    arrange: arrangeLesson,
  },
  {
    screen: 'Messages',
    side: 'teacher',
    pattern: patterns.teacherMessages,
    page: <TeacherInboxPage />,
    endpoint: 'listTeacherConversations',
    loading: 'Loading your conversations',
    failed: { 500: serverFailed, network: noResponse },
    shown: { role: 'link', name: /^Ada Lovelace/ },
  },
  {
    screen: 'Profile Setting',
    side: 'teacher',
    pattern: patterns.teacherProfileSetting,
    page: <TeacherProfileSettingPage />,
    endpoint: 'getTeacher',
    loading: 'Loading your profile',
    // Spec section 8, whatever the failure.
    failed: { 500: 'Failed to get teacher data', network: 'Failed to get teacher data' },
    shown: { role: 'textbox', name: 'Full Name', value: 'Amara Obi' },
  },
];

function open(row: AreaScreen) {
  row.arrange?.();
  return renderRoute(row.pattern, row.page, { route: row.route, preloadedState: row.side === 'student' ? asStudent : asTeacher });
}

async function expectShown({ role, name, value }: Shown) {
  const element = await screen.findByRole(role, { name });
  if (value !== undefined) await waitFor(() => expect(element).toHaveValue(value));
}

describe.each(areaScreens)('the $side area: $screen', (row) => {
  it('shows a skeleton, and none of the data, while the data loads', async () => {
    holdEndpoint(row.endpoint);
    open(row);

    expect(await screen.findByRole('status', { name: row.loading })).toBeInTheDocument();
    expect(screen.queryByRole(row.shown.role, { name: row.shown.name })).not.toBeInTheDocument();
  });

  it.each([500, 'network'] as const)('says why when the data fails to load (%s), and shows it after Retry', async (kind) => {
    failEndpoint(row.endpoint, kind, { once: true });
    const { user } = open(row);

    const alert = await screen.findByRole('alert');
    for (const text of [row.failed[kind]].flat()) expect(alert).toHaveTextContent(text);
    expect(screen.queryByRole(row.shown.role, { name: row.shown.name })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    await expectShown(row.shown);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

/** Each area's menu, from its dashboard: the entry, the address it opens and the title of the screen there. */
const menus = [
  {
    side: 'student',
    session: asStudent,
    start: paths.studentDashboard,
    label: 'Student area',
    entries: [
      ['Start here', '/student-start', 'Start here'],
      ['My Courses', '/my-courses', 'My Courses'],
      ['Favourite Courses', '/favorite-courses', 'Favourite Courses'],
      ['Recommended Courses', '/recommended-courses', 'Recommended Courses'],
      ['My Assignments', '/my-assignments/', 'My Assignments'],
      ['Messages', '/messages', 'Messages'],
      ['Review', '/review', 'Review'],
      ['My lessons', '/student-lessons', 'My lessons'],
      ['My Teachers', '/my-teachers', 'My Teachers'],
      ['Profile Setting', '/profile-setting', 'Profile Setting'],
      ['Change Password', '/student-change-password', 'Change Password'],
      ['Dashboard', '/student-dashboard', 'Dashboard'],
    ],
  },
  {
    side: 'teacher',
    session: asTeacher,
    start: paths.teacherDashboard,
    label: 'Teacher area',
    entries: [
      ['Courses', '/teacher-courses', 'My Courses'],
      ['Add Course', '/add-course', 'Upload a Course'],
      ['My Students', '/my-students', 'All of my Students'],
      ['Messages', '/teacher-messages', 'Messages'],
      ['Answers', '/teacher-answers', 'Answers'],
      ['Lessons', '/teacher-lessons', 'Lessons'],
      ['My lessons', '/teacher-my-lessons', 'My lessons'],
      ['Profile Setting', '/teacher-profile-setting', 'Profile Setting'],
      ['Change Password', '/teacher-change-password', 'Change Password'],
      ['Dashboard', '/teacher-dashboard', 'Teacher Dashboard'],
    ],
  },
] as const;

describe.each(menus)('the $side area menu', ({ session, start, label, entries }) => {
  it('leads to each screen of the area, its entry marked as the current page', async () => {
    const { user, router } = renderApp({ route: start, preloadedState: session });
    const menu = await screen.findByRole('navigation', { name: label });

    for (const [entry, address, title] of entries) {
      // An entry's name may go on with its count ('Answers 1 answer to mark').
      const link = () => within(menu).getByRole('link', { name: new RegExp(`^${entry}( |$)`) });
      await user.click(await waitFor(link));

      await waitFor(() => expect(router.state.location.pathname).toBe(address));
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(link()).toHaveAttribute('aria-current', 'page');
    }
    // One whole-app render walks all the entries of a side: more screens than the default 30 s allows on a busy machine.
  }, 90_000);
});
