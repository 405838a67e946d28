/**
 * Two provider instances on one database (here one SQLite file in one data folder), as behind a
 * load balancer that sends each request of a browser to either: accounts, codes, sessions,
 * messages and the catalogue are rows, so whichever instance answers sees what the other wrote.
 */
import { type Client, type DemoIds, demoIds, demoLogins, type RunningProvider, startProvider } from './support';

interface Course {
  id: number;
  title: string;
  category: { id: number };
  teacher: { id: number };
}

/** The same browser on the other instance: its cookies go along. */
function sameBrowser(from: Client, to: Client): Client {
  for (const [name, value] of from.cookies) to.cookies.set(name, value);
  return to;
}

describe('two provider instances on one database', () => {
  let first: RunningProvider;
  let second: RunningProvider;
  let ids: DemoIds;

  beforeAll(async () => {
    first = await startProvider();
    second = await startProvider({ dataDir: first.dataDir });
    ids = await demoIds(first);
  });
  afterAll(async () => {
    await second.stop({ removeData: false });
    await first.stop();
  });

  it('registers an account through one, verifies its mailed code and logs in through the other, and the session holds on both', async () => {
    const onFirst = first.client();
    const registered = await onFirst.post<{ id: number }>('/api/student/', {
      form: { full_name: 'Two Instances', email: 'two@example.org', password: 'pass-1234', username: 'two', otp_digit: '000000' },
    });
    expect(registered.status).toBe(201);
    const { code } = await second.client().lastMailTo('two@example.org');

    const onSecond = sameBrowser(onFirst, second.client());
    const verified = await onSecond.post(`/api/verify-student/${registered.body.id}/`, { form: { otp_digit: code } });
    expect(verified.body).toMatchObject({ bool: true, student_id: registered.body.id });

    const loggedIn = await onSecond.post('/api/student-login', { multipart: { email: 'two@example.org', password: 'pass-1234' } });
    expect(loggedIn.body).toMatchObject({ bool: true, student_id: registered.body.id });
    expect((await sameBrowser(onSecond, first.client()).get(`/api/student/${registered.body.id}`)).status).toBe(200);
    expect((await onSecond.get(`/api/student/${registered.body.id}`)).status).toBe(200);
  });

  it("shows a message sent through one in the other's poll and unread count", async () => {
    const maria = first.client();
    await maria.loginStudent(demoLogins.student);
    const amara = second.client();
    await amara.loginTeacher(demoLogins.teacher);

    const sent = await maria.post(`/api/send-message/${ids.teacherId}/${ids.studentId}/`, { form: { msg_text: 'Sent through the first', msg_from: 'student' } });
    expect(sent.status).toBe(200);
    const conversation = await amara.get<{ msg_text: string }[]>(`/api/get-messages/${ids.teacherId}/${ids.studentId}`);
    expect(conversation.body.map((message) => message.msg_text)).toContain('Sent through the first');
    expect((await amara.get<{ total: number }>(`/api/unread-messages/teacher/${ids.teacherId}`)).body.total).toBe(1);
  });

  it("lists a course changed through one with its new title in the other's whole list at once", async () => {
    const visitor = second.client();
    const course = (await visitor.get<Course[]>('/api/course/')).body.find((each) => each.teacher.id === ids.teacherId)!;
    const amara = first.client();
    await amara.loginTeacher(demoLogins.teacher);

    const edited = await amara.put(`/api/teacher-course-detail/${course.id}/`, {
      multipart: { category: course.category.id, teacher: ids.teacherId, title: `${course.title}, renamed` },
    });
    expect(edited.status).toBe(200);
    const listed = (await visitor.get<Course[]>('/api/course/')).body.find((each) => each.id === course.id);
    expect(listed?.title).toBe(`${course.title}, renamed`);
  });
});
