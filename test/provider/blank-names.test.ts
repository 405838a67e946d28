/**
 * Names, usernames and titles are never blank: every create and update refuses one that is empty
 * or only white space with 400 `{msg}` in words, and stores nothing; api-spec.yaml says so
 * (`minLength: 1`, `pattern: '\S'`).
 */
import { defaultSpecFile } from '../../provider/src/config';
import { type JsonSchema, loadSpec } from '../../provider/src/spec';
import { type Client, type DemoIds, type RunningProvider, startDemoProvider, svgFile, videoFile } from './support';

const blanks = ['', '   ', '\t\n '];

describe('blank names and titles', () => {
  let provider: RunningProvider, ids: DemoIds, maria: Client, amara: Client;

  beforeAll(async () => ({ provider, ids, maria, amara } = await startDemoProvider()));

  afterAll(() => provider.stop());

  /** A course of the demo teacher (Amara) with its first chapter. */
  async function amarasCourse(): Promise<{ id: number; title: string; chapter: { id: number; title: string } }> {
    const course = Object.values(ids.courses).find((candidate) => candidate.teacherId === ids.teacherId)!;
    const { body } = await amara.get<{ id: number; title: string }>(`/api/teacher-course-detail/${course.id}/`);
    const { body: chapters } = await amara.get<{ id: number; title: string }[]>(`/api/course-chapters/${course.id}`);
    return { id: course.id, title: body.title, chapter: chapters[0]! };
  }

  it.each(blanks.map((blank) => [JSON.stringify(blank), blank]))(
    'refuses the title %s of a course, a chapter and an assignment, new or changed, and keeps the old one',
    async (_shown, blank) => {
      const course = await amarasCourse();
      const refused = { status: 400, body: { msg: 'The title must not be empty.' } };
      const answers = {
        createCourse: await amara.post('/api/course/', {
          multipart: { category: 1, teacher: ids.teacherId, title: blank, featured_img: svgFile() },
        }),
        updateCourse: await amara.put(`/api/teacher-course-detail/${course.id}/`, {
          multipart: { category: 1, teacher: ids.teacherId, title: blank },
        }),
        createChapter: await amara.post('/api/chapter/', { multipart: { course: course.id, title: blank, video: videoFile() } }),
        updateChapter: await amara.put(`/api/chapter/${course.chapter.id}/`, { multipart: { course: course.id, title: blank } }),
        createAssignment: await amara.post(`/api/student-assignment/${ids.teacherId}/${ids.studentId}/`, {
          multipart: { teacher: ids.teacherId, student: ids.studentId, title: blank, detail: 'Chapter 2' },
        }),
      };
      for (const [operation, answer] of Object.entries(answers)) {
        expect({ operation, status: answer.status, body: answer.body }).toEqual({ operation, ...refused });
      }

      expect(await amarasCourse()).toEqual(course);
      const { body: assignments } = await maria.get<{ title: string }[]>(`/api/my-assignments/${ids.studentId}`);
      expect(assignments.map((assignment) => assignment.title.trim())).not.toContain('');
    },
  );

  it.each(blanks.map((blank) => [JSON.stringify(blank), blank]))(
    "refuses the full name %s of a teacher's or a student's profile, and a blank username, and keeps the old ones",
    async (_shown, blank) => {
      const { body: teacher } = await amara.get<{ full_name: string; email: string }>(`/api/teacher/${ids.teacherId}`);
      const { body: student } = await maria.get<{ full_name: string; email: string; username: string }>(`/api/student/${ids.studentId}`);

      const teacherAnswer = await amara.put(`/api/teacher/${ids.teacherId}/`, { multipart: { full_name: blank, email: teacher.email } });
      expect([teacherAnswer.status, teacherAnswer.body]).toEqual([400, { msg: 'The full name must not be empty.' }]);
      const studentForm = { full_name: student.full_name, email: student.email, username: student.username };
      const nameAnswer = await maria.put(`/api/student/${ids.studentId}/`, { form: { ...studentForm, full_name: blank } });
      expect([nameAnswer.status, nameAnswer.body]).toEqual([400, { msg: 'The full name must not be empty.' }]);
      const usernameAnswer = await maria.put(`/api/student/${ids.studentId}/`, { form: { ...studentForm, username: blank } });
      expect([usernameAnswer.status, usernameAnswer.body]).toEqual([400, { msg: 'The username must not be empty.' }]);

      expect((await amara.get(`/api/teacher/${ids.teacherId}`)).body.full_name).toBe(teacher.full_name);
      expect((await maria.get(`/api/student/${ids.studentId}`)).body).toMatchObject(studentForm);
    },
  );

  it('still takes a title or name with spaces around it, and keeps it trimmed', async () => {
    const course = await amarasCourse();
    const answer = await amara.put(`/api/teacher-course-detail/${course.id}/`, {
      multipart: { category: 1, teacher: ids.teacherId, title: '  Spanish, revised  ' },
    });
    expect([answer.status, answer.body.title]).toEqual([200, 'Spanish, revised']);
  });

  it("states the rule in api-spec.yaml: every name, username and title field has minLength 1 and the pattern '\\S'", () => {
    const schemas = loadSpec(defaultSpecFile).components?.schemas ?? {};
    const fields: Record<string, string[]> = {
      StudentRegistrationForm: ['full_name', 'username'],
      TeacherRegistrationForm: ['full_name'],
      StudentProfileForm: ['full_name', 'username'],
      TeacherProfileForm: ['full_name'],
      CourseCreateForm: ['title'],
      CourseUpdateForm: ['title'],
      ChapterCreateForm: ['title'],
      ChapterUpdateForm: ['title'],
      AssignmentForm: ['title'],
    };
    for (const [schema, names] of Object.entries(fields)) {
      const properties = (schemas[schema]?.properties ?? {}) as Record<string, JsonSchema>;
      for (const name of names) {
        expect({ schema, name, minLength: properties[name]?.minLength, pattern: properties[name]?.pattern }).toEqual({
          schema,
          name,
          minLength: 1,
          pattern: '\\S',
        });
      }
    }
  });
});
