import { type ProviderContext } from './context';

/** About how many generated courses each generated teacher gets. */
const COURSES_PER_TEACHER = 25;

const levels = ['for Beginners', 'Conversation', 'Grammar in Practice', 'for Travellers', 'for Business', 'Pronunciation', 'Reading Club', 'Exam Preparation'];

/**
 * A large catalogue on top of the demo academy (`PROVIDER_SEED_COURSES`, for measuring: the
 * course and teacher lists then have to page). `count` courses in the demo categories, spread
 * over one generated teacher per 25 courses (approved, verified, no usable password), reusing
 * the demo courses' images; no chapters, enrolments or ratings. One transaction: 5,000 courses
 * take well under a second.
 */
export function seedCatalogue({ db }: ProviderContext, count: number): void {
  const categories = db.prepare('SELECT id, title FROM categories ORDER BY id').all() as { id: number; title: string }[];
  const images = (db.prepare('SELECT DISTINCT featured_img FROM courses WHERE featured_img IS NOT NULL ORDER BY id').all() as { featured_img: string }[]).map(
    (row) => row.featured_img,
  );
  if (categories.length === 0) throw new Error('The catalogue seed needs the demo categories: seed the demo data first.');
  const insertTeacher = db.prepare(
    `INSERT INTO teachers (full_name, email, password_hash, qualification, skills, detail, approved, verified, created_at)
     VALUES (?, ?, '!', 'MA Linguistics', ?, ?, 1, 1, ?)`,
  );
  const insertCourse = db.prepare(
    `INSERT INTO courses (category_id, teacher_id, title, description, languages, price, featured_img, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const createdAt = new Date().toISOString();
  db.transaction(() => {
    const teacherIds: number[] = [];
    const teachers = Math.max(1, Math.ceil(count / COURSES_PER_TEACHER));
    for (let index = 1; index <= teachers; index += 1) {
      const category = categories[index % categories.length] as { title: string };
      teacherIds.push(
        Number(
          insertTeacher.run(
            `Catalogue Teacher ${index}`,
            `catalogue-teacher-${index}@academy.test`,
            `${category.title}, English`,
            `Teaches ${category.title} online.`,
            createdAt,
          ).lastInsertRowid,
        ),
      );
    }
    for (let index = 1; index <= count; index += 1) {
      const category = categories[index % categories.length] as { id: number; title: string };
      const level = levels[index % levels.length] as string;
      insertCourse.run(
        category.id,
        teacherIds[(index - 1) % teacherIds.length],
        `${category.title} ${level} ${index}`,
        `Course ${index} of the catalogue: ${category.title} ${level.toLowerCase()}, in short video chapters.`,
        `${category.title}, English`,
        index % 4 === 0 ? null : `${10 + (index % 9) * 5}.00`,
        images.length > 0 ? images[index % images.length] : null,
        createdAt,
      );
    }
  })();
}
