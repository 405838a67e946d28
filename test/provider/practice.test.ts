import { sql } from 'kysely';
import { type Client, type DemoIds, type RunningProvider, bytesFile, inDatabase, passTime, startDemoProvider, useFakeClock, watchChapter } from './support';
import { voiceFile } from './opusFile';

/**
 * Practice (issue 38) over HTTP: a teacher's exercises and their refusals, a student's answers
 * (right, almost for a missing tone mark, wrong), drafts hidden, the counts on a course, the FSRS
 * review deck and how answers from two devices merge, the teacher's figures, and 'Finished'.
 */

interface Exercise {
  id: number;
  kind: string;
  prompt: string;
  choices: string[];
  correct_choice: number | null;
  answers: string[];
  audio: string | null;
  position: number;
  is_published: boolean;
}

interface Card {
  exercise: Exercise;
  course_id: number;
  course_title: string;
  due: string;
  reps: number;
  state: number;
  stability: number;
  last_review: string | null;
}

interface Chapter {
  id: number;
  duration: number | null;
}

describe('practice', () => {
  useFakeClock();
  let provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client, kofi: Client, amara: Client, kwame: Client;
  let spanish: number, greetings: number, numbers: number;
  /** Amara's exercises on Spanish's first chapter, by kind (one draft 'type'). */
  const made: Record<'type' | 'choose' | 'listen' | 'say' | 'draft', Exercise> = {} as never;

  beforeAll(async () => {
    ({ provider, ids, visitor, maria, kofi, amara, kwame } = await startDemoProvider());
    spanish = ids.courses.Spanish!.id;
    [greetings, numbers] = (await visitor.get<Chapter[]>(`/api/course-chapters/${spanish}`)).body.map((chapter) => chapter.id) as [number, number];
  });

  afterAll(() => provider.stop());

  const create = (client: Client, chapterId: number, fields: Record<string, string | number | boolean | Blob>) =>
    client.post<Exercise & { msg?: string }>(`/api/chapter-exercises/${chapterId}/`, { multipart: fields });
  const answer = (client: Client, exerciseId: number, text: string) =>
    client.post<{ result: string; expected: string; marks: number[]; msg?: string }>(`/api/exercise-answer/${exerciseId}/`, { form: { answer: text } });
  const deckOf = async (client: Client) => (await client.get<{ cards: Card[] }>('/api/review-deck/')).body.cards;
  const sendReviews = (client: Client, answers: { exercise_id: number; rating: number; reviewed_at: string }[]) =>
    client.post<{ cards: Card[]; msg?: string }>('/api/review-deck/answers/', { json: { answers } });

  it("lets only the course's teacher write exercises, checked for their kind", async () => {
    const typed = { kind: 'type', prompt: 'Type "good morning" in Yoruba.', answers: JSON.stringify(['Ẹ kú àárọ̀', 'Ẹ káàárọ̀']), is_published: true };
    expect((await create(visitor, greetings, typed)).status).toBe(401);
    expect((await create(kwame, greetings, typed)).status).toBe(403);
    expect((await create(amara, 987_654, typed)).status).toBe(404);
    const refusals = [
      [{ kind: 'choose', prompt: 'Pick', choices: '["Sí"]', correct_choice: 0 }, "A 'choose' exercise needs 2 to 6 choices."],
      [{ kind: 'choose', prompt: 'Pick', choices: '["Sí","No"]', correct_choice: 2 }, 'Pick the right choice among the choices.'],
      [{ kind: 'type', prompt: 'Type', answers: 'Hola' }, 'The answers must be a list of texts, like ["one","two"].'],
      [{ kind: 'type', prompt: 'Type', answers: '[]' }, 'Give 1 to 10 accepted answers.'],
      [{ kind: 'listen', prompt: 'Listen', answers: '["Hola"]' }, "A 'listen' exercise needs a model recording."],
      [
        { kind: 'listen', prompt: 'Listen', answers: '["Hola"]', audio: bytesFile(100, 'model.ogg', 'audio/ogg') },
        'The model recording must be Opus audio in WebM or Ogg.',
      ],
    ] as const;
    for (const [fields, msg] of refusals) {
      expect(await create(amara, greetings, fields)).toMatchObject({ status: 400, body: { msg } });
    }
    expect((await create(amara, greetings, { ...typed, prompt: 'x'.repeat(501) })).status).toBe(400);

    made.type = (await create(amara, greetings, typed)).body;
    made.choose = (await create(amara, greetings, {
      kind: 'choose', prompt: 'Which one means "thank you"?', choices: JSON.stringify(['Gracias', 'Hola', 'Adiós']), correct_choice: 0,
      explanation: 'Gracias is thank you.', is_published: true,
    })).body;
    made.listen = (await create(amara, greetings, {
      kind: 'listen', prompt: 'Type what you hear.', answers: '["Buenos días"]', audio: voiceFile(2, 'model.ogg'), is_published: true,
    })).body;
    made.say = (await create(amara, greetings, { kind: 'say', prompt: 'Say "thank you".', answers: '["Gracias"]', audio: voiceFile(1), is_published: true })).body;
    made.draft = (await create(amara, greetings, { kind: 'type', prompt: 'Not ready', answers: '["Nada"]', audio: voiceFile(1) })).body;
    expect(made.type).toMatchObject({ kind: 'type', answers: ['Ẹ kú àárọ̀', 'Ẹ káàárọ̀'], choices: [], correct_choice: null, audio: null, position: 1 });
    expect(made.choose).toMatchObject({ choices: ['Gracias', 'Hola', 'Adiós'], correct_choice: 0, answers: [], position: 2 });
    expect(made.listen.audio).toMatch(/^\/media\/exercise_audio\/\w+\.\w+$/);
    // A 'type' exercise ignores a recording; a draft is unpublished until the teacher says so.
    expect(made.draft).toMatchObject({ audio: null, is_published: false, position: 5 });

    // The model recording goes to the course's teacher and its students only.
    expect((await maria.request('GET', made.listen.audio!)).status).toBe(200);
    expect((await visitor.request('GET', made.listen.audio!)).status).toBe(403);

    const order = (exerciseIds: number[]) =>
      amara.put<Exercise[] & { msg?: string }>(`/api/chapter-exercises/${greetings}/order/`, { form: { exercise_ids: exerciseIds.join(',') } });
    const all = [made.type, made.choose, made.listen, made.say, made.draft].map((exercise) => exercise.id);
    expect(await order(all.slice(1))).toMatchObject({ status: 400, body: { msg: 'List every exercise of the chapter once.' } });
    expect((await kwame.put(`/api/chapter-exercises/${greetings}/order/`, { form: { exercise_ids: all.join(',') } })).status).toBe(403);
    const reordered = await order([made.choose.id, made.type.id, made.listen.id, made.say.id, made.draft.id]);
    expect(reordered.body.map((exercise) => [exercise.id, exercise.position])).toEqual([
      [made.choose.id, 1], [made.type.id, 2], [made.listen.id, 3], [made.say.id, 4], [made.draft.id, 5],
    ]);

    const update = (client: Client, exercise: Exercise, fields: Record<string, string | boolean | Blob>) =>
      client.put<Exercise>(`/api/exercise/${exercise.id}/`, { multipart: fields });
    expect((await update(kwame, made.say, { kind: 'say', prompt: 'Mine now', answers: '["Gracias"]' })).status).toBe(403);
    const withoutRecording = await update(amara, made.say, { kind: 'say', prompt: 'Say "thanks".', answers: '["Gracias"]', remove_audio: true, is_published: true });
    expect(withoutRecording.body).toMatchObject({ prompt: 'Say "thanks".', audio: null, is_published: true });
    expect((await amara.request('GET', made.say.audio!)).status).toBe(404);
    const recordedAgain = await update(amara, made.say, { kind: 'say', prompt: 'Say "thanks".', answers: '["Gracias"]', audio: voiceFile(1), is_published: true });
    expect(recordedAgain.body.audio).toMatch(/^\/media\/exercise_audio\//);
    expect((await maria.request('GET', recordedAgain.body.audio!)).status).toBe(200);
    const kept = await update(amara, made.listen, { kind: 'listen', prompt: 'Type what you hear, please.', answers: '["Buenos días"]', is_published: true });
    expect(kept.body).toMatchObject({ prompt: 'Type what you hear, please.', audio: made.listen.audio });
  });

  it('shows students the published exercises of the courses they are enrolled in, drafts hidden', async () => {
    const list = (client: Client, chapterId = greetings) => client.get<Exercise[]>(`/api/chapter-exercises/${chapterId}/`);
    expect((await list(amara)).body.map((exercise) => exercise.id)).toEqual(
      [made.choose, made.type, made.listen, made.say, made.draft].map((exercise) => exercise.id),
    );
    const seen = await list(maria);
    expect(seen.body.map((exercise) => exercise.id)).toEqual([made.choose, made.type, made.listen, made.say].map((exercise) => exercise.id));
    expect(seen.body[1]).toMatchObject({ answers: ['Ẹ kú àárọ̀', 'Ẹ káàárọ̀'] });
    expect((await list(visitor)).status).toBe(401);
    expect((await list(kwame)).status).toBe(403);
    const french = (await visitor.get<Chapter[]>(`/api/course-chapters/${ids.courses.French!.id}`)).body[0]!.id;
    expect((await list(maria, french)).status).toBe(403);

    // Public counts: published only, every chapter of the course in order.
    expect((await visitor.get(`/api/course-exercise-counts/${spanish}/`)).body).toEqual({
      chapters: [{ chapter_id: greetings, exercises: 4 }, { chapter_id: numbers, exercises: 0 }],
    });
  });

  it("checks a student's answers: right, almost for tone marks, wrong; drafts and strangers refused", async () => {
    expect((await answer(maria, made.type.id, '  ẹ KÚ   àárọ̀ ')).body).toEqual({ result: 'right', expected: 'Ẹ kú àárọ̀', marks: [] });
    expect((await answer(kofi, made.type.id, 'E ku aaro')).body).toEqual({ result: 'almost', expected: 'Ẹ kú àárọ̀', marks: [0, 3, 5, 6, 8] });
    expect((await answer(kofi, made.listen.id, 'Buenas noches')).body).toEqual({ result: 'wrong', expected: 'Buenos días', marks: [] });
    expect((await answer(maria, made.listen.id, 'buenos dias')).body).toMatchObject({ result: 'almost', marks: [8] });
    expect((await answer(maria, made.choose.id, '0')).body).toEqual({ result: 'right', expected: 'Gracias', marks: [] });
    expect((await answer(kofi, made.choose.id, '2')).body).toMatchObject({ result: 'wrong', expected: 'Gracias' });
    expect(await answer(kofi, made.choose.id, '7')).toMatchObject({ status: 400, body: { msg: 'Choose one of the choices.' } });
    expect((await answer(maria, made.say.id, 'right')).body).toMatchObject({ result: 'right', expected: 'Gracias' });
    expect((await answer(maria, made.draft.id, 'Nada')).status).toBe(404);
    expect((await answer(visitor, made.type.id, 'x')).status).toBe(401);
    // Maria is not enrolled in French.
    const french = (await visitor.get<Chapter[]>(`/api/course-chapters/${ids.courses.French!.id}`)).body[0]!.id;
    const frenchExercise = (await create(amara, french, { kind: 'type', prompt: 'Bonjour?', answers: '["Bonjour"]', is_published: true })).body;
    expect((await answer(maria, frenchExercise.id, 'Bonjour')).status).toBe(403);
    await amara.delete(`/api/exercise/${frenchExercise.id}/`);

    // A later answer is checked but the first one counts.
    expect((await answer(kofi, made.type.id, 'Ẹ kú àárọ̀')).body).toMatchObject({ result: 'right' });
    const counted = await inDatabase(provider, (queries) =>
      queries.all(sql<{ result: string; counted: number }>`SELECT result, counted FROM exercise_attempts
        WHERE exercise_id = ${made.type.id} AND student_id = ${ids.otherStudentId} ORDER BY id`),
    );
    expect(counted.map((row) => [row.result, Number(row.counted)])).toEqual([['almost', 1], ['right', 0]]);
  });

  it('schedules the review deck with FSRS and merges answers from two devices by the latest', async () => {
    const cards = await deckOf(maria);
    // 'type', 'listen' and 'say' enter the deck, due at once; 'choose' does not.
    expect(cards.map((card) => card.exercise.id).sort()).toEqual([made.type.id, made.listen.id, made.say.id].sort());
    expect(cards[0]).toMatchObject({ course_id: spanish, course_title: 'Spanish for Beginners', reps: 0, state: 0, last_review: null });
    expect(cards.every((card) => Date.parse(card.due) <= Date.now())).toBe(true);
    expect((await visitor.get('/api/review-deck/')).status).toBe(401);

    const phone = new Date(Date.now() - 60_000).toISOString();
    const laptop = new Date(Date.now() - 30_000).toISOString();
    const good = await sendReviews(maria, [{ exercise_id: made.type.id, rating: 3, reviewed_at: phone }]);
    expect(good.status).toBe(200);
    const [afterGood] = good.body.cards;
    expect(afterGood).toMatchObject({ reps: 1, last_review: phone });
    expect(Date.parse(afterGood!.due)).toBeGreaterThan(Date.parse(phone));

    // Sent again (an answer lost on the way): nothing changes.
    expect((await sendReviews(maria, [{ exercise_id: made.type.id, rating: 3, reviewed_at: phone }])).body.cards).toEqual([afterGood]);
    // The laptop's 'Again', made later offline, wins; the phone's older 'Easy' sent after it is ignored.
    const again = (await sendReviews(maria, [{ exercise_id: made.type.id, rating: 1, reviewed_at: laptop }])).body.cards[0]!;
    expect(again).toMatchObject({ reps: 2, last_review: laptop });
    expect(again.stability).toBeLessThan(afterGood!.stability);
    const stale = await sendReviews(maria, [{ exercise_id: made.type.id, rating: 4, reviewed_at: new Date(Date.now() - 45_000).toISOString() }]);
    expect(stale.body.cards).toEqual([again]);

    // Several answers apply in order; an exercise not in the deck is ignored; the future is refused.
    passTime(10 * 60_000);
    const later = new Date(Date.now() - 1_000).toISOString();
    const batch = await sendReviews(maria, [
      { exercise_id: made.listen.id, rating: 4, reviewed_at: later },
      { exercise_id: made.choose.id, rating: 3, reviewed_at: later },
    ]);
    expect(batch.body.cards.map((card) => [card.exercise.id, card.reps])).toEqual([[made.listen.id, 1]]);
    const future = await sendReviews(maria, [{ exercise_id: made.say.id, rating: 3, reviewed_at: new Date(Date.now() + 3_600_000).toISOString() }]);
    expect(future).toMatchObject({ status: 400, body: { msg: 'A review answer cannot be dated in the future.' } });

    // Kofi's deck is his own; a draft leaves every deck.
    expect((await deckOf(kofi)).map((card) => card.exercise.id).sort()).toEqual([made.type.id, made.listen.id].sort());
    await amara.put(`/api/exercise/${made.listen.id}/`, { multipart: { kind: 'listen', prompt: 'Hidden', answers: '["Buenos días"]', is_published: false } });
    expect((await deckOf(kofi)).map((card) => card.exercise.id)).toEqual([made.type.id]);
    // A draft's recording is the teacher's alone.
    expect((await maria.request('GET', made.listen.audio!)).status).toBe(403);
    expect((await amara.request('GET', made.listen.audio!)).status).toBe(200);
    await amara.put(`/api/exercise/${made.listen.id}/`, { multipart: { kind: 'listen', prompt: 'Type what you hear.', answers: '["Buenos días"]', is_published: true } });
  });

  it('shows the teacher what is hard: students, average score, most missed first with the commonest wrong answers', async () => {
    expect((await kwame.get(`/api/chapter-practice-stats/${greetings}/`)).status).toBe(403);
    expect((await maria.get(`/api/chapter-practice-stats/${greetings}/`)).status).toBe(401);
    const { body } = await amara.get<{
      students: number;
      average_score: number | null;
      exercises: { exercise_id: number; answered: number; missed: number; wrong_answers: { answer: string; count: number }[] }[];
    }>(`/api/chapter-practice-stats/${greetings}/`);
    // Maria: choose, type, say right, listen almost (3 of 4); Kofi: type almost, listen and choose wrong (0 of 4).
    expect(body.students).toBe(2);
    expect(body.average_score).toBe(37.5);
    expect(body.exercises.map((exercise) => [exercise.exercise_id, exercise.answered, exercise.missed])).toEqual([
      [made.listen.id, 2, 2], [made.choose.id, 2, 1], [made.type.id, 2, 1], [made.say.id, 1, 0],
    ]);
    expect(body.exercises[0]!.wrong_answers).toEqual(
      expect.arrayContaining([{ answer: 'Buenas noches', count: 1 }, { answer: 'buenos dias', count: 1 }]),
    );
    expect(body.exercises[1]!.wrong_answers).toEqual([{ answer: 'Adiós', count: 1 }]);
  });

  it("needs every published exercise answered once before a course is 'Finished'", async () => {
    const french = ids.courses.French!.id;
    const [chapter] = (await kofi.get<Chapter[]>(`/api/course-chapters/${french}`)).body;
    const exercise = (await create(amara, chapter!.id, { kind: 'say', prompt: 'Dites « bonjour ».', answers: '["Bonjour"]', is_published: true })).body;
    await create(amara, chapter!.id, { kind: 'type', prompt: 'A draft does not count', answers: '["Non"]' });
    const progress = async () =>
      (await kofi.get<{ course: number; completed_at: string | null; certificate: string | null }[]>(`/api/student-progress/${ids.otherStudentId}`)).body.find(
        (entry) => entry.course === french,
      );

    expect((await watchChapter(kofi, ids.otherStudentId, chapter!)).body.watched).toBe(true);
    expect(await progress()).toMatchObject({ completed_at: null, certificate: null });
    // Answered once, even wrongly, a day later: finished then, and certified with that date.
    passTime(86_400_000);
    expect((await answer(kofi, exercise.id, 'wrong')).body).toMatchObject({ result: 'wrong' });
    const finished = await progress();
    expect(finished!.certificate).toMatch(/^[A-Z0-9]{12}$/);
    expect(Date.parse(finished!.completed_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await visitor.get(`/api/certificate/${finished!.certificate}`)).body).toMatchObject({ completed_at: finished!.completed_at });
  });

  it('deletes an exercise with its answers and cards', async () => {
    expect((await kwame.delete(`/api/exercise/${made.type.id}/`)).status).toBe(403);
    expect((await amara.delete(`/api/exercise/${made.type.id}/`)).status).toBe(204);
    expect((await amara.delete(`/api/exercise/${made.type.id}/`)).status).toBe(404);
    expect((await deckOf(maria)).map((card) => card.exercise.id)).not.toContain(made.type.id);
    expect((await visitor.get(`/api/course-exercise-counts/${spanish}/`)).body).toMatchObject({ chapters: [{ chapter_id: greetings, exercises: 3 }, {}] });

    // A chapter deleted takes its exercises and their recordings with it.
    const recorded = (await create(amara, numbers, { kind: 'say', prompt: 'Say "uno".', answers: '["Uno"]', audio: voiceFile(1) })).body;
    expect((await amara.request('GET', recorded.audio!)).status).toBe(200);
    expect((await amara.delete(`/api/chapter/${numbers}/`)).status).toBe(204);
    expect((await amara.request('GET', recorded.audio!)).status).toBe(404);
    expect((await amara.delete(`/api/exercise/${recorded.id}/`)).status).toBe(404);
  });
});
