/**
 * What the local provider answers to a registration it refuses, read by the app's one error
 * classifier (src/api/errors.ts): each refusal names its field as the form labels it,
 * and no schema path (`body/email`, `must match format`) reaches the screen.
 */
import { errorMessages, formErrors } from '../../src/api/errors';
import { type Client, type RunningProvider, startProvider } from './support';

const studentFields = ['full_name', 'email', 'username', 'password', 'interested_categories'] as const;
const teacherFields = ['full_name', 'email', 'password', 'qualification', 'mobile_no', 'skills'] as const;
const schemaWords = /body|querystring|must match|must have|must NOT|Invalid request/;

describe('registration refusals, as the app words them', () => {
  let provider: RunningProvider;
  let client: Client;

  beforeAll(async () => {
    provider = await startProvider();
  });
  beforeEach(() => {
    client = provider.client();
  });
  afterAll(() => provider.stop());

  /** Posts a registration and reads the refusal as a form does (RTK Query's `{ status, data }`). */
  async function refusal(side: 'student' | 'teacher', form: Record<string, string>) {
    const { status, body } = await client.post(`/api/${side}/`, { form });
    expect(status).toBe(400);
    return { raw: body, shown: formErrors({ status, data: body }, side === 'student' ? studentFields : teacherFields, 'Something went wrong') };
  }

  const student = { full_name: 'Ada Student', email: 'ada@example.org', password: 'pass-1234', username: 'ada' };

  it('words a malformed e-mail address as the form does (the form puts it under Email by its words)', async () => {
    const { raw, shown } = await refusal('student', { ...student, email: 'ada' });
    expect(raw).toEqual({ msg: errorMessages.invalidEmail });
    expect(shown).toEqual({ fields: {}, message: errorMessages.invalidEmail });
  });

  it('names a missing field as the form labels it', async () => {
    const { username: _left, ...withoutUsername } = student;
    const { raw, shown } = await refusal('student', withoutUsername);
    expect(raw).toEqual({ msg: 'Please fill in the username.' });
    expect(shown).toEqual({ fields: {}, message: 'Please fill in the username.' });

    const { raw: teacherRaw } = await refusal('teacher', { email: 'amara@example.org', password: 'pass-1234' });
    expect(teacherRaw).toEqual({ msg: 'Please fill in the full name.' });
  });

  it('refuses an empty full name or username in words, no longer making an account without them', async () => {
    expect((await refusal('student', { ...student, full_name: '  ' })).raw).toEqual({ msg: 'The full name must not be empty.' });
    expect((await refusal('student', { ...student, username: '' })).raw).toEqual({ msg: 'The username must not be empty.' });
    expect((await refusal('teacher', { full_name: '', email: 'amara@example.org', password: 'pass-1234' })).raw).toEqual({
      msg: 'The full name must not be empty.',
    });
  });

  it('never passes a schema message on, with or without a field of the form', async () => {
    const answers = [
      await refusal('student', { ...student, email: 'not-an-address' }),
      await refusal('student', { ...student, otp_digit: 'abc' }),
      await refusal('teacher', { full_name: 'Amara', email: 'amara@', password: 'pass-1234' }),
    ];
    for (const { shown } of answers) {
      expect(JSON.stringify(shown)).not.toMatch(schemaWords);
    }
    // A field the form does not have (otp_digit is the browser's): said in words, below the form.
    expect(answers[1]!.shown).toEqual({ fields: {}, message: 'The code must be 6 digits.' });
  });
});
