/**
 * Secrets in answers: the original backend nests `password` and `otp_digit` in every teacher and
 * student object, course lists included. None may reach the store (and so the devtools or a screen).
 */
import { screen } from '@testing-library/react';
import { withoutSecrets } from '@/api/secrets';
import type { AppStore } from '@/app/store';
import { patterns } from '@/config/paths';
import { AllCoursesPage } from '@/features/site/AllCoursesPage';
import { TeacherDetailPage } from '@/features/site/TeacherDetailPage';
import { MyTeachersPage } from '@/features/student/area/MyTeachersPage';
import { ProfileSettingPage } from '@/features/student/area/ProfileSettingPage';
import { EnrolledStudentsPage } from '@/features/teacher/students/EnrolledStudentsPage';
import * as fixtures from '@test/handlers/fixtures';
import { mockDb } from '@test/handlers/mockDb';
import { mockEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderRoute } from '@test/render';

const secrets = { password: 'pbkdf2_sha256$870000$abc$def', otp_digit: '482913' };

const leakyTeacher = { ...fixtures.teacher, ...secrets };
const leakyTeacherRef = { id: 4, full_name: 'Amara Obi', profile_img: null, ...secrets };
const leakyStudent = { ...fixtures.student, ...secrets };
const leakyCourse = { ...fixtures.paidCourse, teacher: leakyTeacherRef };

/** Every path in `value` that ends in a secret key. */
function secretPaths(value: unknown, path = 'state'): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...(key === 'password' || key === 'otp_digit' ? [`${path}.${key}`] : []),
    ...secretPaths(item, `${path}.${key}`),
  ]);
}


/** Waits for the screen's data, then looks through the whole store. */
async function expectNoSecrets(store: AppStore, shown: string) {
  expect(await screen.findAllByText(shown)).not.toHaveLength(0);
  const queries = Object.values(store.getState().api.queries);
  expect(queries.some((query) => query?.status === 'fulfilled')).toBe(true);
  expect(secretPaths(store.getState())).toEqual([]);
}

describe('password and otp_digit never reach the store', () => {
  it('course lists with the teacher nested', async () => {
    mockEndpoint('listCourses', () => [leakyCourse]);
    const { store } = renderRoute(patterns.allCourses, <AllCoursesPage />);
    await expectNoSecrets(store, 'Yoruba for Beginners');
  });

  it('a teacher with their courses', async () => {
    mockEndpoint('getTeacher', () => ({ ...leakyTeacher, teacher_courses: [leakyCourse] }));
    const { store } = renderRoute(patterns.teacherDetail, <TeacherDetailPage />, { route: '/teacher-detail/4' });
    await expectNoSecrets(store, 'Yoruba for Beginners');
  });

  it("a student's teachers (the original backend's course variant)", async () => {
    mockEndpoint('fetchMyTeachers', () => [{ id: 1, title: 'Yoruba for Beginners', teacher: leakyTeacherRef }]);
    const { store } = renderRoute(patterns.myTeachers, <MyTeachersPage />, { preloadedState: loggedInAs({ student: 7 }) });
    await expectNoSecrets(store, 'Amara Obi');
  });

  it("a student's profile", async () => {
    mockEndpoint('getStudent', () => leakyStudent);
    const { store } = renderRoute(patterns.profileSetting, <ProfileSettingPage />, { preloadedState: loggedInAs({ student: 7 }) });
    expect(await screen.findByDisplayValue('Ada Lovelace')).toBeInTheDocument();
    expect(secretPaths(store.getState())).toEqual([]);
  });

  it("the students of a teacher's course", async () => {
    mockDb.teachers = [leakyTeacher];
    mockEndpoint('fetchEnrolledStudents', () => [{ id: 1, student: leakyStudent }]);
    const { store } = renderRoute(patterns.enrolledStudents, <EnrolledStudentsPage />, { route: '/enrolled-students/1', preloadedState: loggedInAs({ teacher: 4 }) });
    await expectNoSecrets(store, 'Ada Lovelace');
  });
});

describe('withoutSecrets', () => {
  it('drops both keys at any depth and leaves the rest', () => {
    expect(withoutSecrets([{ id: 1, teacher: { id: 4, ...secrets, courses: [{ student: { id: 7, ...secrets } }] } }])).toEqual([
      { id: 1, teacher: { id: 4, courses: [{ student: { id: 7 } }] } },
    ]);
  });

  it('returns an answer without secrets as it is', () => {
    const answer = { id: 1, teacher: { id: 4 }, list: [1, 'two', null] };
    expect(withoutSecrets(answer)).toBe(answer);
    expect(withoutSecrets(null)).toBeNull();
    expect(withoutSecrets('text')).toBe('text');
  });
});
