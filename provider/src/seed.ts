import path from 'node:path';
import { type RawBuilder, sql } from 'kysely';
import { seedAssetsDir } from './config';
import { type ProviderContext } from './context';
import { type Queries } from './database';
import { randomToken } from './auth';
import { demoLogins } from './demo';
import { issueCertificateIfFinished } from './routes/certificates';

/** The languages the academy teaches: the categories of every new database, demo or not. */
export const academyLanguages = ['Spanish', 'French', 'German', 'Yoruba', 'Pidgin', 'Akan', 'English'] as const;
type Category = (typeof academyLanguages)[number];

interface DemoCourse {
  teacher: 'amara' | 'kwame';
  category: Category;
  title: string;
  description: string;
  languages: string;
  price: string | null;
  image: string;
  /** A draft (extension): only its teacher sees it, ready to publish. */
  draft?: true;
  /** The level it is for and its 'What you will learn' lines (extensions, issue 39). */
  level: 'A1' | 'A2' | 'B1' | 'B2' | 'C1' | 'C2' | 'all';
  outcomes: string[];
  /** `video` in seed-assets/videos/, `captions` (WebVTT, as long as the video) in seed-assets/captions/. */
  chapters: {
    title: string;
    description: string;
    video: string;
    captions: string;
    remarks: string;
    /** Caption tracks in other languages (extension, issue 39): a BCP 47 tag and a file in seed-assets/captions/. */
    tracks?: { lang: string; file: string }[];
    /** A free preview (extension, issue 39). */
    preview?: true;
  }[];
}

const courses: DemoCourse[] = [
  {
    teacher: 'amara',
    category: 'Spanish',
    title: 'Spanish for Beginners',
    level: 'A1',
    outcomes: ['Greet people and say goodbye', 'Count from one to twenty'],
    description: 'Learn everyday Spanish in short chapters: greetings, numbers and first conversations.',
    languages: 'Spanish, English',
    price: '20.00',
    image: 'spanish.svg',
    chapters: [
      {
        title: 'Greetings',
        description: 'Saying hello and goodbye.',
        video: 'lesson-testsrc.webm',
        captions: 'spanish-greetings.vtt',
        remarks: 'Watch twice.',
        tracks: [{ lang: 'es', file: 'spanish-greetings-es.vtt' }],
      },
      {
        title: 'Numbers',
        description: 'Counting from one to twenty.',
        video: 'lesson-bars.webm',
        captions: 'spanish-numbers.vtt',
        remarks: '',
      },
    ],
  },
  {
    teacher: 'amara',
    category: 'French',
    title: 'French Conversation',
    level: 'A2',
    outcomes: ['Order and pay at a café', 'Talk about your day'],
    description: 'Order at a café, ask for directions and talk about your day in French.',
    languages: 'French, English',
    price: '15.00',
    image: 'french.svg',
    chapters: [
      {
        title: 'At the café',
        // A free preview (issue 39): anyone plays it on the course page.
        preview: true,
        description: 'Ordering and paying politely.',
        video: 'lesson-gradient.webm',
        captions: 'french-cafe.vtt',
        remarks: '',
      },
    ],
  },
  {
    teacher: 'amara',
    category: 'English',
    title: 'English Pronunciation',
    level: 'B1',
    outcomes: ['Say the vowel sounds clearly', 'Stress the right syllable'],
    description: 'Clear vowels, stress and rhythm for confident spoken English.',
    languages: 'English',
    price: '25.00',
    image: 'english.svg',
    chapters: [
      {
        title: 'Vowel sounds',
        description: 'Short and long vowels.',
        video: 'lesson-rgb.webm',
        captions: 'english-vowels.vtt',
        remarks: 'Repeat aloud.',
      },
    ],
  },
  {
    teacher: 'kwame',
    category: 'German',
    title: 'German Grammar Essentials',
    level: 'A2',
    outcomes: ['Choose der, die or das', 'Use the three genders with confidence'],
    description: 'Articles, cases and word order explained with plenty of examples.',
    languages: 'German, English',
    price: '25.00',
    image: 'german.svg',
    chapters: [
      {
        title: 'Der, die, das',
        description: 'The three genders.',
        video: 'lesson-bars.webm',
        captions: 'german-genders.vtt',
        remarks: '',
      },
    ],
  },
  {
    teacher: 'kwame',
    category: 'Yoruba',
    title: 'Yoruba Basics',
    level: 'A1',
    outcomes: ['Greet people through the day', 'Name the members of your family', 'Hear the tones of Yoruba'],
    description: 'Greetings, family words and the tones of Yoruba.',
    languages: 'Yoruba, English',
    price: '0.00',
    image: 'yoruba.svg',
    chapters: [
      {
        title: 'Ẹ káàárọ̀: greetings',
        // A free preview (issue 39): anyone plays it on the course page.
        preview: true,
        description: 'Greetings through the day.',
        video: 'lesson-testsrc.webm',
        captions: 'yoruba-greetings.vtt',
        remarks: '',
      },
      {
        title: 'Family words',
        description: 'Mother, father, sister, brother.',
        video: 'lesson-rgb.webm',
        captions: 'yoruba-family.vtt',
        remarks: '',
      },
    ],
  },
  {
    teacher: 'kwame',
    category: 'Pidgin',
    title: 'Pidgin English Everyday Talk',
    level: 'all',
    outcomes: ['Greet friends the Pidgin way', 'Follow everyday talk'],
    description: 'How you dey? Everyday Nigerian Pidgin for markets, buses and friends.',
    languages: 'Pidgin, English',
    price: null,
    image: 'pidgin.svg',
    chapters: [
      {
        title: 'How you dey?',
        description: 'Greetings and small talk.',
        video: 'lesson-gradient.webm',
        captions: 'pidgin-how-you-dey.vtt',
        remarks: '',
      },
    ],
  },
  {
    teacher: 'kwame',
    category: 'Akan',
    title: 'Akan (Twi) Greetings and Culture',
    level: 'A1',
    outcomes: ['Welcome a guest', 'Greet elders politely'],
    description: 'Akwaaba! Greetings, names and customs of the Akan people.',
    languages: 'Akan, English',
    price: '15.00',
    image: 'akan.svg',
    chapters: [
      {
        title: 'Akwaaba',
        description: 'Welcoming and greeting.',
        video: 'lesson-bars.webm',
        captions: 'akan-akwaaba.vtt',
        remarks: '',
      },
    ],
  },
  {
    // The demo teacher's draft, ready to publish (a chapter and an image): the browser journey
    // that publishes a draft starts from it.
    teacher: 'amara',
    category: 'Spanish',
    title: 'Spanish Past Tenses',
    level: 'A2',
    outcomes: ['Talk about yesterday with the preterite', 'Describe your childhood with the imperfect'],
    description: 'Talk about yesterday, last summer and your childhood: the preterite and the imperfect, step by step.',
    languages: 'Spanish, English',
    price: '30.00',
    image: 'spanish-past.svg',
    draft: true,
    chapters: [
      {
        title: 'The preterite',
        description: 'Finished actions: ayer hablé, comí, viví.',
        video: 'lesson-rgb.webm',
        captions: 'spanish-preterite.vtt',
        remarks: '',
      },
    ],
  },
];

/** Gives a new database the academy's categories (its languages), which are not demo data. */
export async function seedAcademy(queries: Queries): Promise<void> {
  for (const title of academyLanguages) await queries.run(sql`INSERT INTO categories (title) VALUES (${title}) ON CONFLICT (title) DO NOTHING`);
}

/**
 * Fills a new database (with the academy's categories: `seedAcademy`) with the demo academy:
 * teachers, students, courses and activity. Only when asked (PROVIDER_DEMO=1): its passwords are public.
 */
export async function seedDemoData(context: Pick<ProviderContext, 'queries' | 'passwords' | 'media'>): Promise<void> {
  const { queries, passwords, media } = context;
  const [student, otherStudent, amara, kwame, pending, ...classmateHashes] = await Promise.all([
    passwords.hash(demoLogins.student.password),
    passwords.hash(demoLogins.otherStudent.password),
    passwords.hash(demoLogins.teacher.password),
    passwords.hash(demoLogins.otherTeacher.password),
    passwords.hash(demoLogins.pendingTeacher.password),
    // The demo student's classmates have passwords nobody knows: they show in lists, never log in.
    ...Array.from({ length: 3 }, () => passwords.hash(randomToken())),
  ]);
  // The files first (into the media store, which may be a bucket), one copy for each use (a chapter
  // deleted removes its own), then the rows in one transaction.
  const image = (name: string, field: string) => media.copyIn(path.join(seedAssetsDir, 'images', name), field);
  const teacherImages = {
    amara: await image('teacher-amara.svg', 'profile_img'),
    kwame: await image('teacher-kwame.svg', 'profile_img'),
    pending: await image('teacher-pending.svg', 'profile_img'),
  };
  const courseMedia = await Promise.all(
    courses.map(async (course) => ({
      image: await image(course.image, 'featured_img'),
      chapters: await Promise.all(
        course.chapters.map(async (chapter) => ({
          video: await media.copyIn(path.join(seedAssetsDir, 'videos', chapter.video), 'video'),
          captions: await media.copyIn(path.join(seedAssetsDir, 'captions', chapter.captions), 'captions'),
          tracks: await Promise.all(
            (chapter.tracks ?? []).map(async ({ lang, file }) => ({
              lang,
              url: await media.copyIn(path.join(seedAssetsDir, 'captions', file), 'captions'),
            })),
          ),
        })),
      ),
    })),
  );
  const at = (daysAgo: number, hour = 10) => {
    const date = new Date(Date.now() - daysAgo * 86_400_000);
    date.setUTCHours(hour, 0, 0, 0);
    return date.toISOString();
  };
  const videoNames = [...new Set(courses.flatMap((course) => course.chapters.map((chapter) => chapter.video)))];
  const durations = new Map(
    await Promise.all(
      videoNames.map(
        async (name) => [name, await media.fileDuration(path.join(seedAssetsDir, 'videos', name))] as const,
      ),
    ),
  );

  await queries.transaction(async (tx) => {
    /** Runs an INSERT … RETURNING id; answers the id. */
    const insertId = async (query: RawBuilder<unknown>) => ((await tx.one(sql<{ id: number }>`${query} RETURNING id`)) as { id: number }).id;

    const categoryIds = new Map<Category, number>();
    for (const category of await tx.all(sql<{ id: number; title: Category }>`SELECT id, title FROM categories`)) categoryIds.set(category.title, category.id);

    const insertTeacher = (teacher: {
      full_name: string;
      email: string;
      password_hash: string;
      qualification: string;
      mobile_no: string;
      skills: string;
      detail: string;
      profile_img: string;
      approved: number;
      created_at: string;
    }) =>
      insertId(
        sql`INSERT INTO teachers (full_name, email, password_hash, qualification, mobile_no, skills, detail, profile_img,
              login_via_otp, approved, verified, created_at)
            VALUES (${teacher.full_name}, ${teacher.email}, ${teacher.password_hash}, ${teacher.qualification}, ${teacher.mobile_no},
              ${teacher.skills}, ${teacher.detail}, ${teacher.profile_img}, 0, ${teacher.approved}, 1, ${teacher.created_at})`,
      );
    const teacherIds = {
      amara: await insertTeacher({
        full_name: 'Amara Okafor',
        email: demoLogins.teacher.email,
        password_hash: amara,
        qualification: 'MA Applied Linguistics',
        mobile_no: '07700900123',
        skills: 'Spanish, French, English',
        detail: 'Teaches Spanish, French and English to adults; twelve years in the classroom and online.',
        profile_img: teacherImages.amara,
        approved: 1,
        created_at: at(60),
      }),
      kwame: await insertTeacher({
        full_name: 'Kwame Mensah',
        email: demoLogins.otherTeacher.email,
        password_hash: kwame,
        qualification: 'BA Linguistics',
        mobile_no: '0244123456',
        skills: 'Akan, Yoruba, Pidgin, German',
        detail: 'Grew up speaking Twi and Pidgin; teaches West African languages and German.',
        profile_img: teacherImages.kwame,
        approved: 1,
        created_at: at(55),
      }),
    };
    await insertTeacher({
      full_name: 'Pat Tetteh',
      email: demoLogins.pendingTeacher.email,
      password_hash: pending,
      qualification: 'BSc',
      mobile_no: '0200000000',
      skills: 'Akan',
      detail: 'Waiting for approval.',
      profile_img: teacherImages.pending,
      approved: 0,
      created_at: at(2),
    });

    const insertStudent = (fullName: string, email: string, username: string, passwordHash: string, interests: string, createdAt: string) =>
      insertId(
        sql`INSERT INTO students (full_name, email, username, password_hash, interested_categories, verified, created_at)
            VALUES (${fullName}, ${email}, ${username}, ${passwordHash}, ${interests}, 1, ${createdAt})`,
      );
    const studentId = await insertStudent('Maria Silva', demoLogins.student.email, 'maria', student, 'Spanish, Yoruba', at(30));
    const otherStudentId = await insertStudent('Kofi Boateng', demoLogins.otherStudent.email, 'kofi', otherStudent, 'French', at(20));

    const courseIds = new Map<string, number>();
    /** Chapters by `Category/Title`. */
    const chapterIds = new Map<string, { id: number; duration: number | null }>();
    for (const [index, course] of courses.entries()) {
      const courseId = await insertId(
        sql`INSERT INTO courses (category_id, teacher_id, title, description, languages, price, featured_img, created_at, status, level, outcomes)
            VALUES (${categoryIds.get(course.category) as number}, ${teacherIds[course.teacher]}, ${course.title}, ${course.description},
              ${course.languages}, ${course.price}, ${courseMedia[index]!.image}, ${at(50 - index)}, ${course.draft ? 'draft' : 'published'},
              ${course.level}, ${JSON.stringify(course.outcomes)})`,
      );
      // The published course of each category (the draft shares Spanish).
      if (!course.draft) courseIds.set(course.category, courseId);
      for (const [chapterIndex, chapter] of course.chapters.entries()) {
        const files = courseMedia[index]!.chapters[chapterIndex]!;
        const duration = durations.get(chapter.video) ?? null;
        const chapterId = await insertId(
          sql`INSERT INTO chapters (course_id, title, description, video, captions, remarks, created_at, duration_seconds, is_preview)
              VALUES (${courseId}, ${chapter.title}, ${chapter.description}, ${files.video}, ${files.captions}, ${chapter.remarks},
                ${at(49 - index)}, ${duration}, ${chapter.preview ? 1 : 0})`,
        );
        for (const track of files.tracks) {
          await tx.run(
            sql`INSERT INTO chapter_caption_tracks (chapter_id, lang, url, created_at) VALUES (${chapterId}, ${track.lang}, ${track.url}, ${at(49 - index)})`,
          );
        }
        chapterIds.set(`${course.category}/${chapter.title}`, { id: chapterId, duration });
      }
    }
    const courseId = (category: Category) => courseIds.get(category) as number;

    const enrol = (course: Category, student: number, enrolledAt: string) =>
      tx.run(sql`INSERT INTO enrollments (course_id, student_id, enrolled_at) VALUES (${courseId(course)}, ${student}, ${enrolledAt})`);
    await enrol('Spanish', studentId, at(14));
    await enrol('Yoruba', studentId, at(10));
    await enrol('Spanish', otherStudentId, at(12));
    await enrol('French', otherStudentId, at(11));

    const rate = (student: number, rating: number, review: string, ratedAt: string) =>
      tx.run(
        sql`INSERT INTO ratings (course_id, student_id, rating, reviews, rated_at)
            VALUES (${courseId('Spanish')}, ${student}, ${rating}, ${review}, ${ratedAt})`,
      );
    await rate(studentId, 5, 'Clear explanations and a friendly teacher.', at(7));

    // Maria has watched the first Spanish chapter and stopped two seconds into the second.
    const saveProgress = (student: number, chapterId: number, position: number, watched: number, updatedAt: string, watchedAt: string | null) =>
      tx.run(
        sql`INSERT INTO chapter_progress (student_id, chapter_id, position, watched, updated_at, watched_at)
            VALUES (${student}, ${chapterId}, ${position}, ${watched}, ${updatedAt}, ${watchedAt})`,
      );
    const greetings = chapterIds.get('Spanish/Greetings')!;
    await saveProgress(studentId, greetings.id, greetings.duration ?? 4, 1, at(6, 18), at(6, 18));
    await saveProgress(studentId, chapterIds.get('Spanish/Numbers')!.id, 2, 0, at(5, 19), null);

    // Classmates of the demo student, without a login (random passwords, see above):
    // reviews on the Spanish course page, and on the demo teacher's dashboard a new enrolment
    // (Lucía, this week) and an inactive student (Ngozi, nothing saved for 25 days). Tomás has
    // finished Spanish and holds a certificate. Enrolled after the demo students, so Maria and
    // Kofi keep coming first in the teacher's lists.
    const classmate = (fullName: string, username: string, daysAgo: number) =>
      insertStudent(fullName, `${username}@academy.test`, username, classmateHashes.pop() as string, '', at(daysAgo));
    const ngozi = await classmate('Ngozi Adeyemi', 'ngozi', 45);
    const tomas = await classmate('Tomás Novak', 'tomas', 40);
    const lucia = await classmate('Lucía Fernández', 'lucia', 3);
    await enrol('Spanish', ngozi, at(40));
    await enrol('Spanish', tomas, at(35));
    await enrol('French', lucia, at(2));
    const numbers = chapterIds.get('Spanish/Numbers')!;
    await saveProgress(ngozi, greetings.id, greetings.duration ?? 4, 1, at(25, 20), at(25, 20));
    await saveProgress(tomas, greetings.id, greetings.duration ?? 4, 1, at(21, 8), at(21, 8));
    await saveProgress(tomas, numbers.id, numbers.duration ?? 4, 1, at(20, 8), at(20, 8));
    // His certificate, issued as when he watched the last chapter.
    await issueCertificateIfFinished(tx, tomas, courseId('Spanish'));
    await rate(tomas, 5, 'I finished it in a week: short chapters, and captions on every video.', at(19, 9));
    await rate(ngozi, 4, 'A good pace. I would like more practice with the numbers.', at(24, 21));

    await tx.run(
      sql`INSERT INTO favorite_courses (student_id, course_id, created_at) VALUES (${studentId}, ${courseId('French')}, ${at(4)})`,
    );

    const assign = (title: string, detail: string, status: number, createdAt: string) =>
      tx.run(
        sql`INSERT INTO assignments (teacher_id, student_id, title, detail, student_status, created_at)
            VALUES (${teacherIds.amara}, ${studentId}, ${title}, ${detail}, ${status}, ${createdAt})`,
      );
    const inDays = (days: number, hour: number) => at(-days, hour);
    await assign('Numbers 1-20', 'Record yourself counting to twenty in Spanish.', 1, at(9));
    await assign('Introduce yourself', 'Write five sentences about yourself in Spanish.', 0, at(3));
    // Extensions (migration 14): a spoken answer still to record, due in four days, and a written
    // one answered and marked with feedback, so the demo shows every state of an assignment.
    const answerable = (assignment: {
      title: string;
      detail: string;
      status: number;
      created_at: string;
      kind: 'voice' | 'text';
      due_at: string;
      answer_text: string | null;
      answered_at: string | null;
      feedback_text: string | null;
      feedback_mark: string | null;
      marked_at: string | null;
    }) =>
      tx.run(
        sql`INSERT INTO assignments (teacher_id, student_id, title, detail, student_status, created_at, answer_kind,
              due_at, mark_scale, answer_text, answered_at, feedback_text, feedback_mark, marked_at)
            VALUES (${teacherIds.amara}, ${studentId}, ${assignment.title}, ${assignment.detail}, ${assignment.status},
              ${assignment.created_at}, ${assignment.kind}, ${assignment.due_at}, 'words', ${assignment.answer_text},
              ${assignment.answered_at}, ${assignment.feedback_text}, ${assignment.feedback_mark}, ${assignment.marked_at})`,
      );
    await answerable({
      title: 'Say your phone number',
      detail: 'Record yourself saying your phone number in Spanish, one digit at a time. Listen back before you send it.',
      status: 0,
      created_at: at(1, 9),
      kind: 'voice',
      due_at: inDays(4, 18),
      answer_text: null,
      answered_at: null,
      feedback_text: null,
      feedback_mark: null,
      marked_at: null,
    });
    await answerable({
      title: 'My morning',
      detail: 'Write four or five sentences in Spanish about what you do in the morning.',
      status: 1,
      created_at: at(8, 9),
      kind: 'text',
      due_at: at(4, 18),
      answer_text:
        'Me levanto a las siete. Desayuno pan con tomate y un café. Después camino al trabajo. Por la tarde estudio español.',
      answered_at: at(5, 20),
      feedback_text: '¡Muy bien, Maria! Clear sentences. Next time add the time of each step: "a las ocho camino al trabajo".',
      feedback_mark: 'good',
      marked_at: at(4, 9),
    });

    // Amara's one-to-one lessons (issue 40): weekday mornings and evenings in Lagos, a free trial
    // and a paid conversation lesson. Kwame has set none: his lessons read as unset.
    const weekdayHours = [1, 2, 3, 4, 5].flatMap((weekday) => [
      { weekday, start: '09:00', end: '12:00' },
      { weekday, start: '16:00', end: '19:00' },
    ]);
    await tx.run(
      sql`INSERT INTO lesson_settings (teacher_id, time_zone, min_notice_hours, cancellation_hours, weekly_hours, days_off)
          VALUES (${teacherIds.amara}, 'Africa/Lagos', 12, 24, ${JSON.stringify(weekdayHours)}, '[]')`,
    );
    const lessonType = (title: string, minutes: number, freeTrial: boolean, price: string, languages: string[]) =>
      tx.run(
        sql`INSERT INTO lesson_types (teacher_id, title, minutes, free_trial, price, languages, created_at)
            VALUES (${teacherIds.amara}, ${title}, ${minutes}, ${freeTrial ? 1 : 0}, ${price}, ${JSON.stringify(languages)}, ${at(20)})`,
      );
    await lessonType('Trial lesson', 25, true, '0.00', ['Spanish', 'French', 'English']);
    await lessonType('Conversation practice', 50, false, '20.00', ['Spanish', 'French']);

    // Seeded conversations are read by both sides, so the demo starts without unread messages.
    const message = (teacherId: number, toOrFrom: number, text: string, from: 'student' | 'teacher', time: string) =>
      tx.run(
        sql`INSERT INTO messages (teacher_id, student_id, msg_text, msg_from, msg_time, read_at)
            VALUES (${teacherId}, ${toOrFrom}, ${text}, ${from}, ${time}, ${time})`,
      );
    await message(teacherIds.amara, studentId, 'Hello Maria, welcome to Spanish for Beginners!', 'teacher', at(13, 9));
    await message(teacherIds.amara, studentId, 'Thank you! Should I watch the Numbers chapter first?', 'student', at(13, 11));
    await message(teacherIds.amara, studentId, 'Start with Greetings, then Numbers. ¡Buena suerte!', 'teacher', at(13, 12));
    // Maria's group message to the teachers of her courses comes from her, the student, in each conversation.
    for (const teacherId of [teacherIds.amara, teacherIds.kwame]) {
      await message(teacherId, studentId, 'I will be travelling next week; I will catch up on the chapters after.', 'student', at(8, 17));
    }
  });
}
