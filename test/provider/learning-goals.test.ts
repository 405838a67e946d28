/**
 * A student's learning goals (getLearningGoals / updateLearningGoals, extension, issue 39): the
 * languages they learn (the academy's categories, as the category spells them, each once) and
 * their level; the interests ticked at sign-up beside them; only the student themself.
 */
import { type Client, type DemoIds, type RunningProvider, startDemoProvider } from './support';

interface Goals {
  learning_languages: string[];
  level: string | null;
  interests: string[];
}

describe('learning goals', () => {
  let provider: RunningProvider, ids: DemoIds, visitor: Client, maria: Client, kofi: Client;

  beforeAll(async () => ({ provider, ids, visitor, maria, kofi } = await startDemoProvider()));

  afterAll(() => provider.stop());

  const url = (studentId: number) => `/api/student/${studentId}/learning-goals/`;
  const save = (client: Client, studentId: number, form: Record<string, string>) => client.put<Goals & { msg?: string }>(url(studentId), { form });

  it('starts empty, beside the interests ticked at sign-up', async () => {
    const answer = await maria.get<Goals>(url(ids.studentId));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ learning_languages: [], level: null, interests: ['Spanish', 'Yoruba'] });
  });

  it('saves the languages as the academy spells them, each once, and the level; the next read answers them', async () => {
    const saved = await save(maria, ids.studentId, { learning_languages: '["yoruba", " French", "Yoruba"]', level: 'A1' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ learning_languages: ['Yoruba', 'French'], level: 'A1' });
    expect((await maria.get<Goals>(url(ids.studentId))).body).toMatchObject({ learning_languages: ['Yoruba', 'French'], level: 'A1' });

    const unsure = await save(maria, ids.studentId, { learning_languages: '[]', level: 'unsure' });
    expect(unsure.body).toMatchObject({ learning_languages: [], level: 'unsure' });
    expect((await save(maria, ids.studentId, { learning_languages: '["German"]', level: '' })).body).toMatchObject({ learning_languages: ['German'], level: null });
  });

  it('refuses a language the academy does not teach, a level outside the list and a malformed list, keeping the goals', async () => {
    await save(maria, ids.studentId, { learning_languages: '["Akan"]', level: 'B2' });
    const cases = [
      { form: { learning_languages: '["Klingon"]', level: 'A1' }, msg: 'The academy does not teach Klingon.' },
      { form: { learning_languages: '["Akan"]', level: 'all' }, msg: 'The level is not valid. Please check it and try again.' },
      { form: { learning_languages: 'Akan', level: 'A1' }, msg: 'The languages to learn are not valid.' },
      { form: { learning_languages: '[1]', level: 'A1' }, msg: 'The languages to learn are not valid.' },
    ];
    for (const { form, msg } of cases) {
      const answer = await save(maria, ids.studentId, form);
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe(msg);
    }
    expect((await maria.get<Goals>(url(ids.studentId))).body).toMatchObject({ learning_languages: ['Akan'], level: 'B2' });
  });

  it('answers only the student themself: 401 without the student session, 403 for another student', async () => {
    expect((await visitor.get(url(ids.studentId))).status).toBe(401);
    expect((await save(visitor, ids.studentId, { learning_languages: '[]' })).status).toBe(401);
    expect((await kofi.get(url(ids.studentId))).status).toBe(403);
    expect((await save(kofi, ids.studentId, { learning_languages: '["French"]' })).status).toBe(403);
    expect((await maria.get<Goals>(url(ids.studentId))).body.learning_languages).toEqual(['Akan']);
  });
});
