import { type Client, type DemoIds, type RunningProvider, startDemoProvider } from './support';

interface EnrolmentRecord {
  id: number;
  course: number;
  student: number;
  enrolled_time: string;
}

/** enrollCourse (POST student-enroll-course/): free courses only, once, by the student themself. */
describe('enrolment in a free course', () => {
  let provider: RunningProvider, ids: DemoIds, maria: Client, kofi: Client;

  beforeAll(async () => ({ provider, ids, maria, kofi } = await startDemoProvider()));

  afterAll(() => provider.stop());

  const enrol = (client: Client, course: number, student: number) =>
    client.post<EnrolmentRecord & { msg?: string }>('/api/student-enroll-course/', { form: { course, student } });
  const enrolled = async (client: Client, studentId: number, courseId: number) =>
    (await client.get(`/api/fetch-enroll-status/${studentId}/${courseId}`)).body.bool;

  it('enrols in a course without a price (null) and answers 201 with the record', async () => {
    const courseId = ids.courses.Pidgin!.id;
    const { status, body } = await enrol(kofi, courseId, ids.otherStudentId);

    expect(status).toBe(201);
    expect(body).toEqual({ id: expect.any(Number), course: courseId, student: ids.otherStudentId, enrolled_time: expect.any(String) });
    expect(new Date(body.enrolled_time).toISOString()).toBe(body.enrolled_time);
    expect(await enrolled(kofi, ids.otherStudentId, courseId)).toBe(true);
    const { body: courses } = await kofi.get<{ course: { id: number } }[]>(`/api/fetch-enrolled-courses/${ids.otherStudentId}`);
    expect(courses.map((record) => record.course.id)).toContain(courseId);
  });

  it('enrols in a course priced "0.00"', async () => {
    expect(ids.courses.Yoruba!.price).toBe('0.00');
    const { status } = await enrol(kofi, ids.courses.Yoruba!.id, ids.otherStudentId);

    expect(status).toBe(201);
    expect(await enrolled(kofi, ids.otherStudentId, ids.courses.Yoruba!.id)).toBe(true);
  });

  it('refuses a second enrolment with 400 and a msg', async () => {
    // Maria is enrolled in Yoruba Basics in the demo data.
    const { status, body } = await enrol(maria, ids.courses.Yoruba!.id, ids.studentId);

    expect(status).toBe(400);
    expect(body).toEqual({ msg: 'You are already enrolled in this course.' });
  });

  it('refuses a paid course with 400 and a msg: payment is the only way in', async () => {
    const courseId = ids.courses.German!.id;
    const { status, body } = await enrol(maria, courseId, ids.studentId);

    expect(status).toBe(400);
    expect(body).toEqual({ msg: 'This course is paid: enrol through the checkout.' });
    expect(await enrolled(maria, ids.studentId, courseId)).toBe(false);
  });

  it("refuses to enrol someone else (403), a visitor (401) and an unknown course (404)", async () => {
    const courseId = ids.courses.Pidgin!.id;
    expect((await enrol(kofi, courseId, ids.studentId)).status).toBe(403);
    expect((await enrol(provider.client(), courseId, ids.studentId)).status).toBe(401);
    expect(await enrolled(maria, ids.studentId, courseId)).toBe(false);
    expect((await enrol(maria, 9999, ids.studentId)).status).toBe(404);
  });

  it('requires the XSRF header like every state-changing call', async () => {
    const { status } = await maria.post('/api/student-enroll-course/', {
      form: { course: ids.courses.Pidgin!.id, student: ids.studentId },
      xsrf: false,
    });
    expect(status).toBe(403);
  });
});
