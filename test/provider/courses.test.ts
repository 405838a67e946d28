import { type Client, type DemoIds, type RunningProvider, demoLogins, startDemoProvider, svgFile, videoFile } from './support';

interface Course {
  id: number;
  title: string;
  price: string | null;
  featured_img: string;
  category: { id: number; title: string };
  teacher: { id: number; full_name: string };
  course_chapters: { id: number; title: string; video: string | null }[];
  related_videos: string;
  course_rating: number | null;
  total_enrolled_students: number;
}

interface Chapter {
  id: number;
  course: number;
  title: string;
  description: string;
  video: string | null;
  remarks: string;
}

describe('courses, chapters, ratings, assignments and messages', () => {
  let provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client, kofi: Client, amara: Client, kwame: Client;

  beforeAll(async () => ({ provider, ids, visitor, maria, kofi, amara, kwame } = await startDemoProvider()));

  afterAll(() => provider.stop());

  describe('catalogue', () => {
    it('lists the seven language categories on both category paths', async () => {
      const titles = ['Spanish', 'French', 'German', 'Yoruba', 'Pidgin', 'Akan', 'English'];
      for (const url of ['/api/category/', '/api/category']) {
        const { status, body } = await visitor.get<{ id: number; title: string }[]>(url);
        expect(status).toBe(200);
        expect(body.map((category) => category.title).sort()).toEqual([...titles].sort());
      }
    });

    it('lists demo courses in every language, paid and free, with images and chapters', async () => {
      const { body } = await visitor.get<Course[]>('/api/course/');
      expect(body.length).toBeGreaterThanOrEqual(6);
      expect(new Set(body.map((course) => course.category.title)).size).toBe(7);
      expect(body.map((course) => course.price)).toEqual(
        expect.arrayContaining(['20.00', '15.00', '25.00', '0.00', null]),
      );
      for (const course of body) {
        expect(course.featured_img).toMatch(/^\/media\/course_images\/\w+-\w+\.svg$/);
        expect(course.course_chapters.length).toBeGreaterThan(0);
        expect(JSON.parse(course.related_videos)).toEqual(
          course.course_chapters.map((chapter) =>
            expect.objectContaining({ pk: chapter.id, fields: { title: chapter.title } }),
          ),
        );
      }
    });

    it('limits the list with result and filters it by category, teacher, language and search', async () => {
      expect((await visitor.get<Course[]>('/api/course/?result=3')).body).toHaveLength(3);
      const spanishCategory = (await visitor.get<Course>(`/api/course/${ids.courses.Spanish!.id}`)).body.category.id;
      const byCategory = (await visitor.get<Course[]>(`/api/course/?category=${spanishCategory}`)).body;
      expect(byCategory.map((course) => course.title)).toEqual(['Spanish for Beginners']);
      const byTeacher = (await visitor.get<Course[]>(`/api/course/?teacher=${ids.otherTeacherId}`)).body;
      expect(byTeacher.every((course) => course.teacher.id === ids.otherTeacherId)).toBe(true);
      expect((await visitor.get<Course[]>('/api/course/?language=yoruba')).body.map((course) => course.title)).toEqual([
        'Yoruba Basics',
      ]);
      expect((await visitor.get<Course[]>('/api/course/?search=CAF%C3%89')).body.map((course) => course.title)).toEqual(
        ['French Conversation'],
      );
    });

    it('searches ignoring accents and case, forgiving one typo in a word of five letters or more, paged after matching', async () => {
      const titles = async (search: string) => (await visitor.get<Course[]>(`/api/course/?search=${encodeURIComponent(search)}`)).body.map((course) => course.title);
      expect(await titles('cafe')).toEqual(['French Conversation']);
      expect(await titles('SPANSH')).toEqual(['Spanish for Beginners']);
      expect(await titles('grammer essentails')).toEqual(['German Grammar Essentials']);
      expect(await titles('spnsh')).toEqual([]);
      expect(await titles('frnch')).toEqual(['French Conversation']);
      expect(await titles('frnc')).toEqual([]); // under five letters: no typo forgiven
      const page = await visitor.get<Course[]>('/api/course/?search=greetngs&sort=newest&limit=1&offset=1');
      expect(page.body.map((course) => course.title)).toEqual(['Yoruba Basics']); // of Akan, Yoruba, Spanish
      expect(page.response.headers.get('x-total-count')).toBe('3');
    });

    it('gives chapter videos only to the course teacher and its enrolled students', async () => {
      const url = `/api/course/${ids.courses.Spanish!.id}`;
      const videosFor = async (client: Client) =>
        (await client.get<Course>(url)).body.course_chapters.map((chapter) => chapter.video);
      expect(await videosFor(visitor)).toEqual([null, null]);
      expect(await videosFor(kwame)).toEqual([null, null]);
      expect(await videosFor(maria)).toEqual([expect.stringMatching(/^\/media\/chapter_videos\//), expect.any(String)]);
      expect(await videosFor(amara)).toEqual(await videosFor(maria));

      const chaptersUrl = `/api/course-chapters/${ids.courses.Yoruba!.id}`;
      // Its first chapter is a free preview (the demo's): everyone gets that video, no other.
      expect((await kofi.get<Chapter[]>(chaptersUrl)).body.map((chapter) => chapter.video)).toEqual([expect.stringMatching(/^\/media\/chapter_videos\//), null]);
      expect((await maria.get<Chapter[]>(chaptersUrl)).body.every((chapter) => chapter.video !== null)).toBe(true);
    });

    it('gives a course its rating average and number of enrolled students', async () => {
      const { body } = await visitor.get<Course>(`/api/course/${ids.courses.Spanish!.id}`);
      expect(body).toEqual(expect.objectContaining({ course_rating: 4.7, total_enrolled_students: 4 }));
      expect((await visitor.get<Course>(`/api/course/${ids.courses.German!.id}`)).body.course_rating).toBeNull();
    });

    it('lists approved teachers only, without private fields, filtered by name or language', async () => {
      const { body } = await visitor.get<{ id: number; full_name: string }[]>('/api/teacher/');
      expect(body.map((teacher) => teacher.full_name)).toEqual(['Amara Okafor', 'Kwame Mensah']);
      expect(JSON.stringify(body)).not.toMatch(/email|mobile_no/);
      expect((await visitor.get<unknown[]>('/api/teacher/?search=kwame')).body).toHaveLength(1);
      expect((await visitor.get<unknown[]>('/api/teacher/?language=french')).body).toHaveLength(1);
    });

    it('shows a teacher with their courses', async () => {
      const { body } = await visitor.get<{ teacher_courses: { title: string }[] }>(`/api/teacher/${ids.teacherId}`);
      expect(body.teacher_courses.map((course) => course.title)).toEqual([
        'Spanish for Beginners',
        'French Conversation',
        'English Pronunciation',
      ]);
    });
  });

  describe('teacher course management', () => {
    let courseId: number;

    it('creates a course (201) with its image, storing the price as a decimal string', async () => {
      const { status, body } = await amara.post<Course>('/api/course/', {
        multipart: {
          category: 2,
          teacher: ids.teacherId,
          title: 'Advanced French',
          description: 'Subjunctive and more',
          languages: 'French',
          price: '12.5',
          featured_img: svgFile('advanced.svg'),
        },
      });
      expect(status).toBe(201);
      expect(body).toEqual(
        expect.objectContaining({ title: 'Advanced French', price: '12.50', category: { id: 2, title: 'French' } }),
      );
      expect(body.featured_img).toMatch(/^\/media\/course_images\/[0-9a-f]+\.svg$/);
      const image = await visitor.request('GET', body.featured_img);
      expect(image.status).toBe(200);
      expect(await image.text()).toContain('<svg');
      courseId = body.id;
    });

    it('treats an empty price as free', async () => {
      const { body } = await amara.post<Course>('/api/course/', {
        multipart: { category: 7, teacher: ids.teacherId, title: 'Free English', price: '', featured_img: svgFile() },
      });
      expect(body.price).toBeNull();
      await amara.delete(`/api/course/${body.id}/`);
    });

    it('refuses a course without image, with an unknown category, or for another teacher', async () => {
      const base = { category: 2, teacher: ids.teacherId, title: 'X' };
      expect((await amara.post('/api/course/', { multipart: base })).status).toBe(400);
      expect(
        (await amara.post('/api/course/', { multipart: { ...base, category: 99, featured_img: svgFile() } })).status,
      ).toBe(400);
      const forOther = await amara.post('/api/course/', {
        multipart: { ...base, teacher: ids.otherTeacherId, featured_img: svgFile() },
      });
      expect(forOther.status).toBe(403);
    });

    it('lists the teacher own courses and shows one for editing', async () => {
      const { body } = await amara.get<Course[]>(`/api/teacher-courses/${ids.teacherId}`);
      expect(body.map((course) => course.id)).toContain(courseId);
      const detail = await amara.get<Course>(`/api/teacher-course-detail/${courseId}/`);
      expect(detail.body.title).toBe('Advanced French');
      expect((await kwame.get(`/api/teacher-course-detail/${courseId}/`)).status).toBe(403);
    });

    it('updates a course, keeping the image unless a new one is sent', async () => {
      const before = (await amara.get<Course>(`/api/teacher-course-detail/${courseId}/`)).body;
      const kept = await amara.put<Course>(`/api/teacher-course-detail/${courseId}/`, {
        multipart: { category: 2, teacher: ids.teacherId, title: 'Advanced French', description: 'Now with exercises' },
      });
      expect(kept.status).toBe(200);
      expect(kept.body).toEqual(
        expect.objectContaining({
          description: 'Now with exercises',
          featured_img: before.featured_img,
          price: '12.50',
        }),
      );

      const replaced = await amara.put<Course>(`/api/teacher-course-detail/${courseId}/`, {
        multipart: {
          category: 2,
          teacher: ids.teacherId,
          title: 'Advanced French',
          price: '30',
          featured_img: svgFile('new.svg'),
        },
      });
      expect(replaced.body.featured_img).not.toBe(before.featured_img);
      expect(replaced.body.price).toBe('30.00');
      expect((await visitor.request('GET', before.featured_img)).status).toBe(404);

      const moved = await amara.put(`/api/teacher-course-detail/${courseId}/`, {
        multipart: { category: 2, teacher: ids.otherTeacherId, title: 'Stolen' },
      });
      expect(moved.status).toBe(403);
    });

    let chapterId: number;

    it('adds (201), reads, updates and lists chapters', async () => {
      const created = await amara.post<Chapter>('/api/chapter/', {
        multipart: {
          course: courseId,
          title: 'Subjunctive',
          description: 'When and why',
          remarks: 'Take notes',
          video: videoFile(),
        },
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        course: courseId,
        title: 'Subjunctive',
        description: 'When and why',
        remarks: 'Take notes',
        video: expect.stringMatching(/^\/media\/chapter_videos\/[0-9a-f]+\.webm$/),
        captions: null,
        // The uploaded video's length in seconds, not a free preview, no caption track, last in the course (extensions).
        duration: expect.closeTo(4, 1),
        is_preview: false,
        caption_tracks: [],
        position: 1,
      });
      chapterId = created.body.id;

      expect((await amara.get<Chapter>(`/api/chapter/${chapterId}/`)).body.title).toBe('Subjunctive');
      const updated = await amara.put<Chapter>(`/api/chapter/${chapterId}/`, {
        multipart: { course: courseId, title: 'The subjunctive', remarks: '' },
      });
      expect(updated.body).toEqual({ ...created.body, title: 'The subjunctive', remarks: '' });
      const listed = await amara.get<Chapter[]>(`/api/course-chapters/${courseId}`);
      expect(listed.body).toEqual([updated.body]);

      const newVideo = await amara.put<Chapter>(`/api/chapter/${chapterId}/`, {
        multipart: { course: courseId, title: 'The subjunctive', video: videoFile('v2.webm') },
      });
      expect(newVideo.body.video).not.toBe(created.body.video);
    });

    it('requires a video for a new chapter and a course of the caller', async () => {
      expect((await amara.post('/api/chapter/', { multipart: { course: courseId, title: 'No video' } })).status).toBe(
        400,
      );
      const elsewhere = await amara.post('/api/chapter/', {
        multipart: { course: ids.courses.German!.id, title: 'Intruder', video: videoFile() },
      });
      expect(elsewhere.status).toBe(403);
      expect(
        (await amara.post('/api/chapter/', { multipart: { course: 9999, title: 'X', video: videoFile() } })).status,
      ).toBe(404);
    });

    it('counts courses, students and chapters on the teacher dashboard', async () => {
      const { body } = await amara.get(`/api/teacher/dashboard/${ids.teacherId}`);
      // The extensions' answers_to_mark: assignments-answers.test.ts.
      expect(body).toMatchObject({ total_teacher_courses: 5, total_teacher_students: 5, total_teacher_chapters: 6 });
    });

    it('deletes a chapter (204) with its video, then the course (204) with its chapters', async () => {
      const chapter = (await amara.get<Chapter>(`/api/chapter/${chapterId}/`)).body;
      const removed = await amara.request('DELETE', `/api/chapter/${chapterId}/`);
      expect(removed.status).toBe(204);
      expect(await removed.text()).toBe('');
      expect((await amara.get(`/api/chapter/${chapterId}/`)).status).toBe(404);
      expect((await amara.request('GET', chapter.video!)).status).toBe(404);

      const course = await amara.request('DELETE', `/api/course/${courseId}/`);
      expect(course.status).toBe(204);
      expect((await visitor.get(`/api/course/${courseId}`)).status).toBe(404);
      expect((await amara.delete(`/api/course/${courseId}/`)).status).toBe(404);
    });
  });

  describe('students of a teacher', () => {
    it('lists the enrolments of a course and the distinct students of a teacher', async () => {
      const course = await amara.get<{ id: number; student: { full_name: string } }[]>(
        `/api/fetch-enrolled-students/${ids.courses.Spanish!.id}`,
      );
      // The demo students, then their seeded classmates (provider/src/seed.ts).
      expect(course.body.map((enrolment) => enrolment.student.full_name)).toEqual([
        'Maria Silva',
        'Kofi Boateng',
        'Ngozi Adeyemi',
        'Tomás Novak',
      ]);
      const all = await amara.get<{ student: { id: number; full_name: string } }[]>(
        `/api/fetch-all-enrolled-students/${ids.teacherId}`,
      );
      expect(all.body.map((enrolment) => enrolment.student.full_name)).toEqual([
        'Maria Silva',
        'Kofi Boateng',
        'Ngozi Adeyemi',
        'Tomás Novak',
        'Lucía Fernández',
      ]);
      expect(all.body.slice(0, 2).map((enrolment) => enrolment.student.id)).toEqual([ids.studentId, ids.otherStudentId]);
    });

    it("lists a student's enrolled courses and teachers", async () => {
      const courses = await maria.get<{ course: { title: string; teacher: { full_name: string } } }[]>(
        `/api/fetch-enrolled-courses/${ids.studentId}`,
      );
      expect(courses.body.map((record) => [record.course.title, record.course.teacher.full_name])).toEqual([
        ['Spanish for Beginners', 'Amara Okafor'],
        ['Yoruba Basics', 'Kwame Mensah'],
      ]);
      const teachers = await maria.get<{ teacher: { full_name: string } }[]>(`/api/fetch-my-teachers/${ids.studentId}`);
      expect(teachers.body.map((record) => record.teacher.full_name)).toEqual(['Amara Okafor', 'Kwame Mensah']);
      expect(JSON.stringify(teachers.body)).not.toMatch(/email|mobile_no/);
    });

    it('shows the student profile without secrets', async () => {
      const { body } = await maria.get(`/api/student/${ids.studentId}`);
      expect(body).toEqual({
        id: ids.studentId,
        full_name: 'Maria Silva',
        email: demoLogins.student.email,
        username: 'maria',
        interested_categories: 'Spanish, Yoruba',
      });
    });
  });

  describe('ratings', () => {
    it('reports enrolment and rating status', async () => {
      const spanish = await maria.get(`/api/fetch-enroll-status/${ids.studentId}/${ids.courses.Spanish!.id}`);
      expect(spanish.body).toEqual({ bool: true, rated: true });
      const german = await maria.get(`/api/fetch-enroll-status/${ids.studentId}/${ids.courses.German!.id}`);
      expect(german.body).toEqual({ bool: false, rated: false });
      const rated = await maria.get(`/api/fetch-rating-status/${ids.studentId}/${ids.courses.Spanish!.id}`);
      expect(rated.body).toEqual({ bool: true });
      expect((await maria.get(`/api/fetch-enroll-status/${ids.studentId}/9999`)).status).toBe(404);
    });

    it('lets an enrolled student rate a course once (201), refusing a second rating with 400', async () => {
      const courseId = ids.courses.Yoruba!.id;
      const form = { course: courseId, student: ids.studentId, rating: '4', reviews: 'Good tones practice.' };
      const first = await maria.post(`/api/course-rating/${courseId}`, { form });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({
        id: expect.any(Number),
        course: courseId,
        student: ids.studentId,
        rating: 4,
        reviews: 'Good tones practice.',
      });
      const second = await maria.post(`/api/course-rating/${courseId}`, { form });
      expect(second.status).toBe(400);
      expect(second.body.msg).toBe('You have already rated this course.');
      expect((await maria.get(`/api/fetch-rating-status/${ids.studentId}/${courseId}`)).body).toEqual({ bool: true });
      expect((await visitor.get<Course>(`/api/course/${courseId}`)).body.course_rating).toBe(4);
    });

    it('refuses a rating from a student not enrolled (403) or for a mismatched course (400)', async () => {
      const courseId = ids.courses.German!.id;
      const notEnrolled = await maria.post(`/api/course-rating/${courseId}`, {
        form: { course: courseId, student: ids.studentId, rating: 5 },
      });
      expect(notEnrolled.status).toBe(403);
      const mismatch = await maria.post(`/api/course-rating/${courseId}`, {
        form: { course: ids.courses.Spanish!.id, student: ids.studentId, rating: 5 },
      });
      expect(mismatch.status).toBe(400);
    });
  });

  describe('assignments', () => {
    it('lets a teacher assign work (201) to a student of theirs, and list it', async () => {
      const created = await amara.post(`/api/student-assignment/${ids.teacherId}/${ids.otherStudentId}/`, {
        multipart: {
          teacher: ids.teacherId,
          student: ids.otherStudentId,
          title: 'Café dialogue',
          detail: 'Write ten lines.',
        },
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual(
        expect.objectContaining({
          title: 'Café dialogue',
          detail: 'Write ten lines.',
          student: { id: ids.otherStudentId, full_name: 'Kofi Boateng' },
          teacher: { id: ids.teacherId, full_name: 'Amara Okafor' },
          student_status: false,
        }),
      );
      const list = await amara.get<{ title: string }[]>(
        `/api/student-assignment/${ids.teacherId}/${ids.otherStudentId}/`,
      );
      expect(list.body.map((assignment) => assignment.title)).toEqual(['Café dialogue']);
    });

    it('refuses work for a student outside the teacher courses (403) or with mismatched ids (400)', async () => {
      const outsider = await kwame.post(`/api/student-assignment/${ids.otherTeacherId}/${ids.otherStudentId}/`, {
        multipart: { teacher: ids.otherTeacherId, student: ids.otherStudentId, title: 'X' },
      });
      expect(outsider.status).toBe(403);
      const mismatch = await amara.post(`/api/student-assignment/${ids.teacherId}/${ids.otherStudentId}/`, {
        multipart: { teacher: ids.teacherId, student: ids.studentId, title: 'X' },
      });
      expect(mismatch.status).toBe(400);
    });

    it('lets the student mark an assignment done, never back to pending, and counts it', async () => {
      const before = (await maria.get(`/api/student/dashboard/${ids.studentId}`)).body;
      // The extensions' assignments_due/late/answered/marked: assignments-answers.test.ts.
      expect(before).toMatchObject({ enrolled_courses: 2, complete_assignments: 2, pending_assignments: 2 });
      const { body: assignments } = await maria.get<{ id: number; title: string; student_status: boolean }[]>(
        `/api/my-assignments/${ids.studentId}`,
      );
      const pending = assignments.find((assignment) => !assignment.student_status)!;
      const done = await maria.put(`/api/update-assignment/${pending.id}/`, {
        multipart: {
          student_status: 'true',
          title: 'Renamed?',
          detail: '',
          student: ids.studentId,
          teacher: ids.teacherId,
        },
      });
      expect(done.status).toBe(200);
      expect(done.body).toEqual(
        expect.objectContaining({ id: pending.id, title: pending.title, student_status: true }),
      );
      const back = await maria.put(`/api/update-assignment/${pending.id}/`, { multipart: { student_status: 'false' } });
      expect(back.status).toBe(400);
      const after = (await maria.get(`/api/student/dashboard/${ids.studentId}`)).body;
      expect(after).toMatchObject({ enrolled_courses: 2, complete_assignments: 3, pending_assignments: 1 });
      expect((await maria.put('/api/update-assignment/9999/', { multipart: { student_status: 'true' } })).status).toBe(
        404,
      );
    });
  });

  describe('messages', () => {
    it('keeps the conversation both ways, oldest first', async () => {
      const path = `/api/send-message/${ids.teacherId}/${ids.studentId}/`;
      const fromStudent = await maria.post(path, { form: { msg_text: 'Is there homework?', msg_from: 'student' } });
      expect(fromStudent.body).toEqual({ bool: true, msg: 'Message has been sent.' });
      await amara.post(path, { form: { msg_text: 'Yes, see your assignments.', msg_from: 'teacher' } });
      const { body } = await maria.get<{ msg_text: string; msg_from: string; msg_time: string }[]>(
        `/api/get-messages/${ids.teacherId}/${ids.studentId}`,
      );
      expect(body.slice(-2).map((message) => [message.msg_from, message.msg_text])).toEqual([
        ['student', 'Is there homework?'],
        ['teacher', 'Yes, see your assignments.'],
      ]);
      expect(body[0]!.msg_from).toBe('teacher');
      expect(body.map((message) => message.msg_time)).toEqual([...body.map((message) => message.msg_time)].sort());
    });

    it('refuses messages to a teacher who is not the student teacher, and empty ones', async () => {
      const stranger = await kofi.post(`/api/send-message/${ids.otherTeacherId}/${ids.otherStudentId}/`, {
        form: { msg_text: 'Hello?', msg_from: 'student' },
      });
      expect(stranger.status).toBe(403);
      const empty = await maria.post(`/api/send-message/${ids.teacherId}/${ids.studentId}/`, {
        form: { msg_text: '   ', msg_from: 'student' },
      });
      expect(empty.status).toBe(400);
      expect(empty.body.bool).toBe(false);
    });

    it('sends a group message to each student of the teacher', async () => {
      const { body } = await amara.post(`/api/send-group-message/${ids.teacherId}/`, {
        form: { msg_text: 'No class on Monday.', msg_from: 'teacher' },
      });
      expect(body).toEqual({ bool: true, msg: 'Message has been sent to 5 students.', recipients: 5 });
      for (const [client, studentId] of [
        [maria, ids.studentId],
        [kofi, ids.otherStudentId],
      ] as const) {
        const { body: conversation } = await client.get<{ msg_text: string }[]>(
          `/api/get-messages/${ids.teacherId}/${studentId}`,
        );
        expect(conversation.at(-1)!.msg_text).toBe('No class on Monday.');
      }
      const asStudent = await amara.post(`/api/send-group-message/${ids.teacherId}/`, {
        form: { msg_text: 'x', msg_from: 'student' },
      });
      expect(asStudent.status).toBe(403);
    });
  });
});
