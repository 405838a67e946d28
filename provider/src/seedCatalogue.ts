import { sql } from 'kysely';
import { type Queries } from './database';
import { type CategoryRow, type TeacherRow } from './rows.generated';

/** About how many generated courses each generated teacher gets. */
const COURSES_PER_TEACHER = 25;

/** Rows per INSERT: one statement per few hundred rows keeps 5,000 courses fast on either engine. */
const ROWS_PER_INSERT = 500;

const levels = ['for Beginners', 'Conversation', 'Grammar in Practice', 'for Travellers', 'for Business', 'Pronunciation', 'Reading Club', 'Exam Preparation'];

/**
 * A large catalogue on top of the demo academy (`PROVIDER_SEED_COURSES`, for measuring: the
 * course and teacher lists then have to page). `count` courses in the demo categories, spread
 * over one generated teacher per 25 courses (approved, verified, no usable password), reusing
 * the demo courses' images; no chapters, enrolments or ratings. One transaction, 500 rows per
 * INSERT: 5,000 courses take well under a second.
 */
export async function seedCatalogue(queries: Queries, count: number): Promise<void> {
  const categories = await queries.all(sql<Pick<CategoryRow, 'id' | 'title'>>`SELECT id, title FROM categories ORDER BY id`);
  if (categories.length === 0) throw new Error('The catalogue seed needs the demo categories: seed the demo data first.');
  // Each image once, in the order of the first course showing it.
  const images = (
    await queries.all(
      sql<{ featured_img: string }>`SELECT featured_img FROM courses WHERE featured_img IS NOT NULL GROUP BY featured_img ORDER BY MIN(id)`,
    )
  ).map((row) => row.featured_img);
  const createdAt = new Date().toISOString();
  const categoryOf = (index: number) => categories[index % categories.length] as Pick<CategoryRow, 'id' | 'title'>;
  await queries.transaction(async (tx) => {
    const teachers = Math.max(1, Math.ceil(count / COURSES_PER_TEACHER));
    const email = (index: number) => `catalogue-teacher-${index}@academy.test`;
    const idsByEmail = new Map<string, number>();
    for (const batch of batches(teachers)) {
      const rows = batch.map((index) => {
        const category = categoryOf(index);
        return sql`(${`Catalogue Teacher ${index}`}, ${email(index)}, '!', 'MA Linguistics', ${`${category.title}, English`},
          ${`Teaches ${category.title} online.`}, 1, 1, ${createdAt})`;
      });
      const inserted = await tx.all(
        sql<Pick<TeacherRow, 'id' | 'email'>>`INSERT INTO teachers (full_name, email, password_hash, qualification, skills, detail, approved, verified, created_at)
          VALUES ${sql.join(rows)} RETURNING id, email`,
      );
      for (const teacher of inserted) idsByEmail.set(teacher.email, teacher.id);
    }
    const teacherIds = Array.from({ length: teachers }, (_, position) => idsByEmail.get(email(position + 1)) as number);
    for (const batch of batches(count)) {
      const rows = batch.map((index) => {
        const category = categoryOf(index);
        const level = levels[index % levels.length] as string;
        return sql`(${category.id}, ${teacherIds[(index - 1) % teacherIds.length] as number}, ${`${category.title} ${level} ${index}`},
          ${`Course ${index} of the catalogue: ${category.title} ${level.toLowerCase()}, in short video chapters.`},
          ${`${category.title}, English`}, ${index % 4 === 0 ? null : `${10 + (index % 9) * 5}.00`},
          ${images.length > 0 ? (images[index % images.length] as string) : null}, ${createdAt})`;
      });
      await tx.run(
        sql`INSERT INTO courses (category_id, teacher_id, title, description, languages, price, featured_img, created_at)
          VALUES ${sql.join(rows)}`,
      );
    }
  });
}

/** 1 … `count` in runs of ROWS_PER_INSERT. */
function* batches(count: number): Generator<number[]> {
  for (let first = 1; first <= count; first += ROWS_PER_INSERT) {
    yield Array.from({ length: Math.min(ROWS_PER_INSERT, count - first + 1) }, (_, offset) => first + offset);
  }
}
