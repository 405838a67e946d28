import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, holdEndpoint, mockEndpoint, reply } from '@test/mockEndpoint';

/** What the app's own client gets from the mocked provider, through the same fetch it uses. */
async function get(path: string) {
  const response = await fetch(`http://localhost/api${path}`);
  return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? await response.json() : null };
}

describe('mocked endpoints for QA', () => {
  it('answers an endpoint named like its generated hook, with its path parameters', async () => {
    mockEndpoint('fetchEnrollStatus', ({ params }) => ({ bool: params.course_id === '2', rated: false }));
    expect(await get('/fetch-enroll-status/7/2')).toEqual({ status: 200, body: { bool: true, rated: false } });
    expect(await get('/fetch-enroll-status/7/1')).toEqual({ status: 200, body: { bool: false, rated: false } });
  });

  it('replies with a status and a body', async () => {
    mockEndpoint('getCourse', { status: 404, body: { detail: 'Not found.' } });
    expect(await get('/course/1')).toEqual({ status: 404, body: { detail: 'Not found.' } });
  });

  it('fails an endpoint with a status and the provider message, once when asked', async () => {
    failEndpoint('listCourses', 500, { msg: 'Server error', once: true });
    expect(await get('/course/')).toEqual({ status: 500, body: { msg: 'Server error' } });
    expect((await get('/course/')).status).toBe(200);
  });

  it('fails an endpoint with no answer at all', async () => {
    failEndpoint('listTeachers', 'network');
    await expect(fetch('http://localhost/api/teacher/')).rejects.toThrow();
  });

  it('never answers a held endpoint', async () => {
    holdEndpoint('listCategories');
    const answer = await Promise.race([fetch('http://localhost/api/category/').then(() => 'answered'), new Promise((resolve) => setTimeout(resolve, 200, 'pending'))]);
    expect(answer).toBe('pending');
  });

  it('refuses an unknown endpoint at run time too', () => {
    // @ts-expect-error there is no endpoint 'fetchEnrolStatus'
    expect(() => mockEndpoint('fetchEnrolStatus', () => ({ bool: true }))).toThrow();
  });
});

/**
 * What `npm run typecheck` refuses: each line below must stay an error (`@ts-expect-error` fails
 * the typecheck when it is not). Never called: the types are the test.
 */
export function refusedAtTypecheck(): void {
  // @ts-expect-error `bool` is a boolean (or "True"/"False"), not a number
  mockEndpoint('fetchEnrollStatus', () => ({ bool: 1 }));
  // @ts-expect-error a course has no `name`
  mockEndpoint('getCourse', () => ({ id: 1, name: 'Yoruba' }));
  // @ts-expect-error the path parameter is `course_id`
  mockEndpoint('getCourse', ({ params }) => ({ id: Number(params.courseId), title: 'Yoruba' }));
  // @ts-expect-error a failure is an HTTP status or 'network'
  failEndpoint('getCourse', 'timeout');
  // @ts-expect-error an error body is no answer at status 200
  mockEndpoint('getCourse', { status: 200, body: { msg: 'Not found.' } });
  // @ts-expect-error a 201 carries the endpoint's answer: a rating, not a course
  mockEndpoint('rateCourse', { status: 201, body: { id: 1, title: 'Yoruba' } });
  // @ts-expect-error `reply()` is bound to the endpoint it answers: a rating, not a course
  mockEndpoint('rateCourse', () => reply({ status: 201, body: { id: 1, title: 'Yoruba' } }));
  // @ts-expect-error …in an async resolver too, and an error body is no answer at status 201
  mockEndpoint('createCourse', async () => reply({ status: 201, body: { msg: 'Created.' } }));
  // @ts-expect-error another endpoint's reply does not answer this one
  mockEndpoint('getCourse', () => reply<'getTeacher'>({ status: 200, body: { id: 4, full_name: 'Amara Obi' } }));
  // Fits: the declared answers, a 204 without a body, and any error body at an error status.
  mockEndpoint('rateCourse', () => reply({ status: 201, body: { id: 1, course: 1, student: 7, rating: 5 } }));
  mockEndpoint('deleteCourse', () => reply({ status: 204 }));
  mockEndpoint('getCourse', { status: 404, body: { detail: 'Not found.' } });
}

describe('the stateful mocked provider', () => {
  it('keeps what a call wrote for the next read', async () => {
    const before = await get('/student/dashboard/7');
    expect(before.body).toEqual({ enrolled_courses: 1, complete_assignments: 1, pending_assignments: 1 });
    await fetch('http://localhost/api/update-assignment/21/', { method: 'PUT', body: new URLSearchParams({ student_status: 'true' }) });
    expect((await get('/student/dashboard/7')).body).toEqual({ enrolled_courses: 1, complete_assignments: 2, pending_assignments: 0 });
  });

  it('starts every test from the fixtures again', async () => {
    expect(mockDb.assignments.filter((assignment) => assignment.student_status)).toHaveLength(1);
  });
});
