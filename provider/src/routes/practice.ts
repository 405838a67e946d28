import { type FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { type Card, type Grade, createEmptyCard, fsrs } from 'ts-fsrs';
import { type AnswerVerdict, checkTypedAnswer, comparableAnswer, tidyAnswer } from '../../../src/api/answerCheck';
import { type ProviderContext, viewerOf } from '../context';
import { type Queries } from '../database';
import { now } from '../db';
import { HttpError, badRequest, messages, notFound } from '../errors';
import { visibleCourse } from '../drafts';
import { fieldWords } from '../fieldLabels';
import { type ChapterRow, type CourseRow, isEnrolled, requireChapter } from '../records';
import { type Handlers } from '../router';
import { type ExerciseAttemptRow, type ExerciseRow, type ReviewCardRow } from '../rows.generated';
import { issueCertificateIfFinished } from './certificates';
import { ownedCourse } from './guards';
import { file, id, nonBlank, text } from './values';

type Kind = 'choose' | 'type' | 'listen' | 'say';
type Result = AnswerVerdict['result'];

export const practiceMessages = {
  choices: "A 'choose' exercise needs 2 to 6 choices.",
  choiceLength: 'Each choice must have 1 to 200 characters.',
  correctChoice: 'Pick the right choice among the choices.',
  answers: 'Give 1 to 10 accepted answers.',
  phrase: 'Give the phrase to say.',
  answerLength: 'Each accepted answer must have 1 to 200 characters.',
  listenAudio: "A 'listen' exercise needs a model recording.",
  order: 'List every exercise of the chapter once.',
  choose: 'Choose one of the choices.',
  say: 'Say whether your recording matched the model: right or wrong.',
  future: 'A review answer cannot be dated in the future.',
  unknownExercise: 'Exercise not found.',
} as const;

/** How far ahead of the provider's clock a device's `reviewed_at` may be (clocks drift). */
const clockSlackMs = 5 * 60 * 1000;
/** The commonest answers that were not right, per exercise, in the teacher's figures. */
const wrongAnswersShown = 3;

/** One FSRS scheduler with ts-fsrs's default parameters: the browser uses the same ones offline. */
const scheduler = fsrs();

/**
 * Exercises after each chapter, the students' answers, their review decks and the teacher's
 * figures (issue 38; operations tagged Practice in api-spec.yaml). Typed answers are checked by
 * the same module the browser uses (src/api/answerCheck.ts). The review deck is scheduled here
 * with ts-fsrs, the authority for every device (docs/decisions/0034-practice-and-review.md).
 */
export function practiceHandlers(context: ProviderContext): Handlers {
  const { queries, media, sessions } = context;

  /** The chapter and its course when the caller is the course's teacher: 401, 404, then 403. */
  const ownedChapter = async (request: FastifyRequest, chapterId: number): Promise<{ chapter: ChapterRow; course: CourseRow }> => {
    await sessions.require(request, 'teacher');
    const chapter = await requireChapter(queries, chapterId);
    return { chapter, course: await ownedCourse(context, request, chapter.course_id) };
  };

  const findExercise = (exerciseId: number) => queries.one(sql<ExerciseRow>`SELECT * FROM exercises WHERE id = ${exerciseId}`);

  const ownedExercise = async (request: FastifyRequest, exerciseId: number): Promise<ExerciseRow> => {
    await sessions.require(request, 'teacher');
    const exercise = await findExercise(exerciseId);
    if (!exercise) throw notFound(practiceMessages.unknownExercise);
    await ownedChapter(request, exercise.chapter_id);
    return exercise;
  };

  const chapterExercises = (chapterId: number, publishedOnly: boolean) =>
    queries.all(
      sql<ExerciseRow>`SELECT * FROM exercises WHERE chapter_id = ${chapterId} ${publishedOnly ? sql`AND is_published = 1` : sql``}
        ORDER BY position, id`,
    );

  /** The exercise's fields from a teacher's form, checked for its kind; the model recording apart. */
  const exerciseFields = (body: Record<string, unknown>) => {
    const kind = body.kind as Kind;
    const fields = {
      kind,
      prompt: nonBlank(body.prompt, 'prompt'),
      hint: text(body.hint),
      explanation: text(body.explanation),
      choices: [] as string[],
      correct_choice: null as number | null,
      answers: [] as string[],
      is_published: body.is_published === true ? 1 : 0,
    };
    if (kind === 'choose') {
      fields.choices = textList(body.choices, 'choices');
      if (fields.choices.length < 2 || fields.choices.length > 6) throw badRequest(practiceMessages.choices);
      if (fields.choices.some((choice) => choice.length < 1 || choice.length > 200)) throw badRequest(practiceMessages.choiceLength);
      const correct = body.correct_choice === undefined ? NaN : Number(body.correct_choice);
      if (!Number.isInteger(correct) || correct < 0 || correct >= fields.choices.length) throw badRequest(practiceMessages.correctChoice);
      fields.correct_choice = correct;
    } else {
      fields.answers = textList(body.answers, 'answers');
      if (kind === 'say' ? fields.answers.length !== 1 : fields.answers.length < 1 || fields.answers.length > 10) {
        throw badRequest(kind === 'say' ? practiceMessages.phrase : practiceMessages.answers);
      }
      if (fields.answers.some((answer) => answer.length < 1 || answer.length > 200)) throw badRequest(practiceMessages.answerLength);
    }
    return fields;
  };

  /** Keeps a model recording sent for a kind that plays one; other kinds ignore it. */
  const keepAudio = async (kind: Kind, body: Record<string, unknown>): Promise<string | null> => {
    const audio = file(body.audio);
    if (!audio || (kind !== 'listen' && kind !== 'say')) return null;
    return (await media.keepVoice(audio, 'exercise_audio')).url;
  };

  /** The student's deck (cards of published exercises of courses they are enrolled in), soonest due first. */
  const deck = async (studentId: number, exerciseIds?: number[]) => {
    const only = exerciseIds ? sql`AND rc.exercise_id IN (${sql.join(exerciseIds.length ? exerciseIds : [0])})` : sql``;
    const inDeck = sql`FROM review_cards rc
        JOIN exercises x ON x.id = rc.exercise_id AND x.is_published = 1
        JOIN chapters ch ON ch.id = x.chapter_id
        JOIN courses c ON c.id = ch.course_id
        JOIN enrollments e ON e.course_id = c.id AND e.student_id = rc.student_id
      WHERE rc.student_id = ${studentId} ${only}`;
    const cards = await queries.all(
      sql<ReviewCardRow & { course_id: number; course_title: string }>`SELECT rc.*, c.id AS course_id, c.title AS course_title ${inDeck}
        ORDER BY rc.due, rc.id`,
    );
    const exercises = new Map(
      (await queries.all(sql<ExerciseRow>`SELECT x.* ${inDeck}`)).map((exercise) => [exercise.id, presentExercise(exercise)]),
    );
    return cards.map((card) => ({
      exercise: exercises.get(card.exercise_id) as ReturnType<typeof presentExercise>,
      course_id: card.course_id,
      course_title: card.course_title,
      due: card.due,
      stability: Number(card.stability),
      difficulty: Number(card.difficulty),
      elapsed_days: Number(card.elapsed_days),
      scheduled_days: Number(card.scheduled_days),
      learning_steps: Number(card.learning_steps),
      reps: Number(card.reps),
      lapses: Number(card.lapses),
      state: Number(card.state) as 0 | 1 | 2 | 3,
      last_review: card.last_review,
    }));
  };

  return {
    async listChapterExercises(request) {
      const viewer = await viewerOf(context, request);
      if (viewer.studentId === null && viewer.teacherId === null) await sessions.require(request, 'student');
      const chapter = await requireChapter(queries, id(request.params.chapter_id));
      const course = await visibleCourse(queries, chapter.course_id, viewer);
      if (viewer.teacherId === course.teacher_id) return (await chapterExercises(chapter.id, false)).map(presentExercise);
      if (!(await isEnrolled(queries, viewer.studentId, course.id))) throw new HttpError(403, messages.forbidden);
      return (await chapterExercises(chapter.id, true)).map(presentExercise);
    },

    async createExercise(request, reply) {
      const { chapter } = await ownedChapter(request, id(request.params.chapter_id));
      const fields = exerciseFields(request.body);
      const audio = await keepAudio(fields.kind, request.body);
      if (fields.kind === 'listen' && !audio) throw badRequest(practiceMessages.listenAudio);
      const inserted = (await queries.one(
        sql<{ id: number }>`INSERT INTO exercises
            (chapter_id, kind, prompt, hint, explanation, choices, correct_choice, answers, audio, position, is_published, created_at)
          VALUES (${chapter.id}, ${fields.kind}, ${fields.prompt}, ${fields.hint}, ${fields.explanation},
            ${JSON.stringify(fields.choices)}, ${fields.correct_choice}, ${JSON.stringify(fields.answers)}, ${audio},
            (SELECT COALESCE(MAX(position), 0) + 1 FROM exercises WHERE chapter_id = ${chapter.id}), ${fields.is_published}, ${now()})
          RETURNING id`,
      )) as { id: number };
      return reply.code(201).send(presentExercise((await findExercise(inserted.id)) as ExerciseRow));
    },

    async updateExercise(request) {
      const exercise = await ownedExercise(request, id(request.params.exercise_id));
      const { body } = request;
      const fields = exerciseFields(body);
      const playsAudio = fields.kind === 'listen' || fields.kind === 'say';
      const newAudio = await keepAudio(fields.kind, body);
      const audio = newAudio ?? (playsAudio && body.remove_audio !== true ? exercise.audio : null);
      if (fields.kind === 'listen' && !audio) throw badRequest(practiceMessages.listenAudio);
      // Saved over the recording this request read, so two changes at once cannot both remove the other's.
      const changed = await queries.run(
        sql`UPDATE exercises SET kind = ${fields.kind}, prompt = ${fields.prompt}, hint = ${fields.hint},
              explanation = ${fields.explanation}, choices = ${JSON.stringify(fields.choices)},
              correct_choice = ${fields.correct_choice}, answers = ${JSON.stringify(fields.answers)}, audio = ${audio},
              is_published = ${fields.is_published}
            WHERE id = ${exercise.id} AND ${exercise.audio === null ? sql`audio IS NULL` : sql`audio = ${exercise.audio}`}`,
      );
      if (changed === 0) {
        await media.remove(newAudio);
        throw badRequest('The exercise changed meanwhile: open it again and save your change.');
      }
      if (audio !== exercise.audio) await media.remove(exercise.audio);
      return presentExercise((await findExercise(exercise.id)) as ExerciseRow);
    },

    async deleteExercise(request, reply) {
      const exercise = await ownedExercise(request, id(request.params.exercise_id));
      await queries.run(sql`DELETE FROM exercises WHERE id = ${exercise.id}`);
      await media.remove(exercise.audio);
      return reply.code(204).send();
    },

    async reorderExercises(request) {
      const { chapter } = await ownedChapter(request, id(request.params.chapter_id));
      const order = String(request.body.exercise_ids).split(',').map(Number);
      const current = (await chapterExercises(chapter.id, false)).map((exercise) => exercise.id);
      if (order.length !== current.length || new Set(order).size !== order.length || order.some((exerciseId) => !current.includes(exerciseId))) {
        throw badRequest(practiceMessages.order);
      }
      await queries.transaction(async (tx) => {
        for (const [index, exerciseId] of order.entries()) {
          await tx.run(sql`UPDATE exercises SET position = ${index + 1} WHERE id = ${exerciseId} AND chapter_id = ${chapter.id}`);
        }
      });
      return (await chapterExercises(chapter.id, false)).map(presentExercise);
    },

    async answerExercise(request) {
      const studentId = await sessions.require(request, 'student');
      const exercise = await findExercise(id(request.params.exercise_id));
      if (!exercise || exercise.is_published !== 1) throw notFound(practiceMessages.unknownExercise);
      const chapter = await requireChapter(queries, exercise.chapter_id);
      if (!(await isEnrolled(queries, studentId, chapter.course_id))) throw new HttpError(403, messages.forbidden);
      const answer = String(request.body.answer);
      const verdict = check(exercise, answer);
      const answeredAt = now();
      // The first answer counts: the partial unique index (exercise, student, counted = 1) decides
      // it, however many instances record answers of the student at once.
      const recorded = sql`INSERT INTO exercise_attempts (exercise_id, student_id, answer, result, counted, answered_at)`;
      const kept = tidyAnswer(answer);
      const counted = await queries.run(
        sql`${recorded} VALUES (${exercise.id}, ${studentId}, ${kept}, ${verdict.result}, 1, ${answeredAt}) ON CONFLICT DO NOTHING`,
      );
      if (counted === 0) {
        await queries.run(sql`${recorded} VALUES (${exercise.id}, ${studentId}, ${kept}, ${verdict.result}, 0, ${answeredAt})`);
      }
      if (exercise.kind !== 'choose') {
        const card = createEmptyCard(new Date(answeredAt));
        await queries.run(
          sql`INSERT INTO review_cards (student_id, exercise_id, due, stability, difficulty, elapsed_days, scheduled_days,
                learning_steps, reps, lapses, state, last_review, created_at)
              VALUES (${studentId}, ${exercise.id}, ${card.due.toISOString()}, ${card.stability}, ${card.difficulty},
                ${card.elapsed_days}, ${card.scheduled_days}, ${card.learning_steps}, ${card.reps}, ${card.lapses}, ${card.state},
                ${null}, ${answeredAt})
              ON CONFLICT (student_id, exercise_id) DO NOTHING`,
        );
      }
      // The first answer to the course's last exercise may finish it (with every chapter watched).
      if (counted === 1) await issueCertificateIfFinished(queries, studentId, chapter.course_id);
      return verdict;
    },

    async getCourseExerciseCounts(request) {
      const course = await visibleCourse(queries, id(request.params.course_id), await viewerOf(context, request));
      const rows = await queries.all(
        sql<{ chapter_id: number; exercises: number }>`SELECT ch.id AS chapter_id, COUNT(x.id) AS exercises
          FROM chapters ch LEFT JOIN exercises x ON x.chapter_id = ch.id AND x.is_published = 1
          WHERE ch.course_id = ${course.id} GROUP BY ch.id, ch.position ORDER BY ch.position, ch.id`,
      );
      return { chapters: rows.map((row) => ({ chapter_id: row.chapter_id, exercises: Number(row.exercises) })) };
    },

    async getReviewDeck(request) {
      return { cards: await deck(await sessions.require(request, 'student')) };
    },

    async sendReviewAnswers(request) {
      const studentId = await sessions.require(request, 'student');
      const answers = (request.body.answers as { exercise_id: number; rating: number; reviewed_at: string }[]).map((answer) => {
        const reviewedAt = Date.parse(answer.reviewed_at);
        if (Number.isNaN(reviewedAt)) throw badRequest(`The review time ${answer.reviewed_at} is not a date.`);
        if (reviewedAt > Date.parse(now()) + clockSlackMs) throw badRequest(practiceMessages.future);
        return { exerciseId: id(answer.exercise_id, 'exercise_ids'), rating: answer.rating as Grade, reviewedAt: new Date(reviewedAt) };
      });
      const inDeck = new Set((await deck(studentId, [...new Set(answers.map((answer) => answer.exerciseId))])).map((card) => card.exercise.id));
      for (const answer of answers) {
        if (inDeck.has(answer.exerciseId)) await review(queries, studentId, answer);
      }
      return { cards: await deck(studentId, [...inDeck]) };
    },

    async getChapterPracticeStats(request) {
      const { chapter } = await ownedChapter(request, id(request.params.chapter_id));
      const exercises = await chapterExercises(chapter.id, true);
      const firsts = await queries.all(
        sql<ExerciseAttemptRow>`SELECT a.* FROM exercise_attempts a JOIN exercises x ON x.id = a.exercise_id
          WHERE x.chapter_id = ${chapter.id} AND x.is_published = 1 AND a.counted = 1`,
      );
      const students = [...new Set(firsts.map((attempt) => attempt.student_id))];
      const rightOf = (studentId: number) =>
        firsts.filter((attempt) => attempt.student_id === studentId && attempt.result === 'right').length;
      const scores = students.map((studentId) => (exercises.length ? rightOf(studentId) / exercises.length : 0));
      const figures = exercises.map((exercise, order) => {
        const answered = firsts.filter((attempt) => attempt.exercise_id === exercise.id);
        const missed = answered.filter((attempt) => attempt.result !== 'right');
        const counts = new Map<string, { answer: string; count: number }>();
        for (const attempt of missed) {
          const shown = shownAnswer(exercise, attempt.answer);
          const key = comparableAnswer(shown);
          const entry = counts.get(key) ?? { answer: shown, count: 0 };
          entry.count += 1;
          counts.set(key, entry);
        }
        const wrongAnswers = [...counts.values()].sort((a, b) => b.count - a.count).slice(0, wrongAnswersShown);
        return { order, exercise_id: exercise.id, prompt: exercise.prompt, answered: answered.length, missed: missed.length, wrong_answers: wrongAnswers };
      });
      figures.sort((a, b) => b.missed - a.missed || a.order - b.order);
      return {
        students: students.length,
        average_score: students.length
          ? Math.round((scores.reduce((sum, score) => sum + score, 0) / students.length) * 1000) / 10
          : null,
        exercises: figures.map(({ order: _order, ...figure }) => figure),
      };
    },
  };
}

/**
 * Applies one review answer to the student's card with FSRS, unless the card has an answer as late
 * or later (two devices merge by the latest answer; an answer sent again changes nothing). The
 * write decides: the card is updated only if it is still the one read (its `reps`), else read again.
 */
async function review(queries: Queries, studentId: number, answer: { exerciseId: number; rating: Grade; reviewedAt: Date }): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const card = await queries.one(
      sql<ReviewCardRow>`SELECT * FROM review_cards WHERE student_id = ${studentId} AND exercise_id = ${answer.exerciseId}`,
    );
    if (!card) return;
    if (card.last_review !== null && Date.parse(card.last_review) >= answer.reviewedAt.getTime()) return;
    const next = scheduler.next(asCard(card), answer.reviewedAt, answer.rating).card;
    const changed = await queries.run(
      sql`UPDATE review_cards SET due = ${next.due.toISOString()}, stability = ${next.stability}, difficulty = ${next.difficulty},
            elapsed_days = ${next.elapsed_days}, scheduled_days = ${next.scheduled_days}, learning_steps = ${next.learning_steps},
            reps = ${next.reps}, lapses = ${next.lapses}, state = ${next.state}, last_review = ${answer.reviewedAt.toISOString()}
          WHERE id = ${card.id} AND reps = ${card.reps}`,
    );
    if (changed === 1) {
      await queries.run(
        sql`INSERT INTO review_log (card_id, rating, reviewed_at, recorded_at)
            VALUES (${card.id}, ${answer.rating}, ${answer.reviewedAt.toISOString()}, ${now()}) ON CONFLICT DO NOTHING`,
      );
      return;
    }
  }
}

function asCard(row: ReviewCardRow): Card {
  return {
    due: new Date(row.due),
    stability: Number(row.stability),
    difficulty: Number(row.difficulty),
    elapsed_days: Number(row.elapsed_days),
    scheduled_days: Number(row.scheduled_days),
    learning_steps: Number(row.learning_steps),
    reps: Number(row.reps),
    lapses: Number(row.lapses),
    state: Number(row.state),
    ...(row.last_review !== null && { last_review: new Date(row.last_review) }),
  };
}

/** A JSON array of texts from a form field (each tidied: trimmed, spaces collapsed, NFC). */
function textList(value: unknown, field: string): string[] {
  const refused = () => badRequest(`The ${fieldWords(field) ?? field} must be a list of texts, like ["one","two"].`);
  if (value === undefined || value === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(value));
  } catch {
    throw refused();
  }
  if (!Array.isArray(parsed) || parsed.some((item) => typeof item !== 'string')) throw refused();
  return (parsed as string[]).map(tidyAnswer);
}

/** The verdict on a student's answer to an exercise. */
function check(exercise: ExerciseRow, answer: string): AnswerVerdict {
  const answers = JSON.parse(exercise.answers) as string[];
  if (exercise.kind === 'choose') {
    const choices = JSON.parse(exercise.choices) as string[];
    if (!/^\d+$/.test(answer.trim()) || Number(answer) >= choices.length) throw badRequest(practiceMessages.choose);
    const expected = choices[exercise.correct_choice ?? 0] ?? '';
    return { result: Number(answer) === exercise.correct_choice ? 'right' : 'wrong', expected, marks: [] };
  }
  if (exercise.kind === 'say') {
    const verdict = answer.trim().toLowerCase();
    if (verdict !== 'right' && verdict !== 'wrong') throw badRequest(practiceMessages.say);
    return { result: verdict as Result, expected: answers[0] ?? '', marks: [] };
  }
  return checkTypedAnswer(answer, answers);
}

/** An answer as the teacher's figures show it: the choice's text for `choose`. */
function shownAnswer(exercise: ExerciseRow, answer: string): string {
  if (exercise.kind !== 'choose') return answer;
  return (JSON.parse(exercise.choices) as string[])[Number(answer)] ?? answer;
}

/** An exercise as api-spec.yaml's `Exercise`. */
export function presentExercise(row: ExerciseRow) {
  return {
    id: row.id,
    chapter_id: row.chapter_id,
    kind: row.kind as Kind,
    prompt: row.prompt,
    hint: row.hint,
    explanation: row.explanation,
    choices: JSON.parse(row.choices) as string[],
    correct_choice: row.correct_choice === null ? null : Number(row.correct_choice),
    answers: JSON.parse(row.answers) as string[],
    audio: row.audio,
    position: Number(row.position),
    is_published: Number(row.is_published) === 1,
  };
}
