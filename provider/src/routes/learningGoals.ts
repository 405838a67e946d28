import { sql } from 'kysely';
import { type ProviderContext } from '../context';
import { badRequest, notFound } from '../errors';
import { parseInterests } from '../recommendations';
import { type Handlers } from '../router';
import { id, text } from './values';

/** A student's level (api-spec.yaml `LearnerLevel`): a CEFR level, or 'unsure' for 'Not sure'. */
const learnerLevels = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'unsure'] as const;
type LearnerLevel = (typeof learnerLevels)[number];

interface GoalsRow {
  learning_languages: string;
  level: string | null;
  interested_categories: string;
}

/** The answer of `getLearningGoals` from the student's row. */
function goalsAnswer(row: GoalsRow) {
  let languages: unknown;
  try {
    languages = JSON.parse(row.learning_languages);
  } catch {
    languages = [];
  }
  return {
    learning_languages: Array.isArray(languages) ? languages.filter((language) => typeof language === 'string') : [],
    level: row.level,
    interests: parseInterests(row.interested_categories),
  };
}

/** The learning goals (extension, issue 39): the languages a student learns and their level, the student's own. */
export function learningGoalHandlers(context: ProviderContext): Handlers {
  const { queries, sessions } = context;

  const goalsOf = async (studentId: number) => {
    const row = await queries.one(
      sql<GoalsRow>`SELECT learning_languages, level, interested_categories FROM students WHERE id = ${studentId}`,
    );
    if (!row) throw notFound('Student not found.');
    return goalsAnswer(row);
  };

  return {
    async getLearningGoals(request) {
      const studentId = id(request.params.student_id);
      await sessions.requireSelf(request, 'student', studentId);
      return goalsOf(studentId);
    },

    /** Each language one of the academy's categories (as the category spells it), each once; the level one of `learnerLevels` or none. */
    async updateLearningGoals(request) {
      const studentId = id(request.params.student_id);
      await sessions.requireSelf(request, 'student', studentId);
      const { body } = request;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text(body.learning_languages) || '[]');
      } catch {
        parsed = null;
      }
      if (!Array.isArray(parsed) || parsed.some((language) => typeof language !== 'string')) {
        throw badRequest('The languages to learn are not valid.');
      }
      const categories = await queries.all(sql<{ title: string }>`SELECT title FROM categories ORDER BY id`);
      const byName = new Map(categories.map((category) => [category.title.trim().toLowerCase(), category.title]));
      const languages: string[] = [];
      for (const language of parsed as string[]) {
        const title = byName.get(language.trim().toLowerCase());
        if (title === undefined) throw badRequest(`The academy does not teach ${language.trim() || 'that language'}.`);
        if (!languages.includes(title)) languages.push(title);
      }
      const levelText = text(body.level);
      if (levelText !== '' && !learnerLevels.includes(levelText as LearnerLevel)) throw badRequest('The level is not valid.');
      const level = levelText === '' ? null : levelText;
      const changed = await queries.run(
        sql`UPDATE students SET learning_languages = ${JSON.stringify(languages)}, level = ${level} WHERE id = ${studentId}`,
      );
      if (changed === 0) throw notFound('Student not found.');
      return goalsOf(studentId);
    },
  };
}
