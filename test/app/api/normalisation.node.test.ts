import { api } from '@/api';
import type { Assignment, BoolLike, Course, Teacher } from '@/api/generated';
import { makeStore } from '@/app/store';
import { freeCourse, paidCourse, teacher } from '@test/handlers/fixtures';
import { mockEndpoint } from '@test/mockEndpoint';

async function fetchCourse(course: Course) {
  mockEndpoint('getCourse', () => course);
  return makeStore().dispatch(api.endpoints.getCourse.initiate({ courseId: course.id })).unwrap();
}

describe('normalised provider answers', () => {
  it.each([
    ['a decimal string', '20.00', 20],
    ['a number', 15, 15],
    ['a decimal string with cents', '12.50', 12.5],
    ['"0.00"', '0.00', null],
    ['zero', 0, null],
    ['an empty string', '', null],
    ['null', null, null],
  ])('reads a price given as %s', async (_case, price, expected) => {
    expect((await fetchCourse({ ...paidCourse, price })).price).toBe(expected);
  });

  it('takes featured_img or featured_image, and makes media paths absolute', async () => {
    expect((await fetchCourse(paidCourse)).featured_img).toBe('http://localhost/media/course_images/yoruba.svg');
    expect((await fetchCourse(freeCourse)).featured_img).toBe('http://localhost/media/course_images/pidgin.svg');
  });

  it('parses related_videos from its JSON string and tolerates a broken one', async () => {
    expect((await fetchCourse(paidCourse)).related_videos).toEqual([{ pk: 11, title: 'Greetings' }]);
    expect((await fetchCourse({ ...paidCourse, related_videos: 'not json' })).related_videos).toEqual([]);
  });

  it('turns a bare category id into an object and keeps a null rating', async () => {
    const course = await fetchCourse(freeCourse);
    expect(course.category).toEqual({ id: 2 });
    expect(course.course_rating).toBeNull();
    expect(course.teacher).toEqual({ id: 5, full_name: 'Tunde Okafor', profile_img: null });
  });

  it('takes profile_img or profile_image for a teacher', async () => {
    const withImage: Teacher = { ...teacher, profile_image: undefined, profile_img: '/media/t.svg' };
    mockEndpoint('getTeacher', () => withImage);
    const store = makeStore();
    expect((await store.dispatch(api.endpoints.getTeacher.initiate({ id: 4 })).unwrap()).profile_img).toBe('http://localhost/media/t.svg');
    mockEndpoint('getTeacher', () => teacher);
    const again = await store.dispatch(api.endpoints.getTeacher.initiate({ id: 4 }, { forceRefetch: true })).unwrap();
    expect(again.profile_img).toBe('http://localhost/media/teacher_images/amara.svg');
  });

  it.each<[BoolLike, boolean]>([
    [true, true],
    ['True', true],
    [false, false],
    ['False', false],
  ])('reads bool %p as %p, and rated the same way', async (value, expected) => {
    mockEndpoint('fetchEnrollStatus', () => ({ bool: value, rated: value }));
    const status = await makeStore().dispatch(api.endpoints.fetchEnrollStatus.initiate({ studentId: 7, courseId: 1 })).unwrap();
    expect(status).toEqual({ bool: expected, rated: expected });
  });

  it('leaves rated out when the provider does not send it', async () => {
    mockEndpoint('fetchEnrollStatus', { status: 200, body: { bool: 'True' } });
    const status = await makeStore().dispatch(api.endpoints.fetchEnrollStatus.initiate({ studentId: 7, courseId: 1 })).unwrap();
    expect(status).toEqual({ bool: true });
  });

  it('turns an assignment student given as an id into an object', async () => {
    const assignments: Assignment[] = [{ id: 1, title: 'Read', student: 7, teacher: { id: 4, full_name: 'Amara Obi' }, student_status: false }];
    mockEndpoint('listMyAssignments', () => assignments);
    const [assignment] = await makeStore().dispatch(api.endpoints.listMyAssignments.initiate({ studentId: 7 })).unwrap();
    expect(assignment?.student).toEqual({ id: 7 });
    expect(assignment?.teacher).toEqual({ id: 4, full_name: 'Amara Obi', profile_img: null });
  });
});
