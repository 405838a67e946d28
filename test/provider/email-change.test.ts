import { type Client, type RunningProvider, demoLogins, startProvider } from './support';

/**
 * Changing the e-mail address (issue 19, item 3): `PUT student/{id}/` and `PUT teacher/{id}/` keep
 * it; a new one needs the current password and the code mailed to the new address, and the old
 * address stays in force until then.
 */
type Side = 'student' | 'teacher';

const sides = {
  student: { login: demoLogins.student, other: demoLogins.otherStudent },
  teacher: { login: demoLogins.teacher, other: demoLogins.otherTeacher },
} as const;

interface Account {
  client: Client;
  id: number;
  email: string;
  password: string;
}

describe.each<Side>(['student', 'teacher'])('e-mail change of a %s', (side) => {
  let provider: RunningProvider;
  let owner: Account;
  let other: Account;

  const login = async (credentials: { email: string; password: string }, client = provider.client()) => {
    const id = side === 'student' ? await client.loginStudent(credentials) : await client.loginTeacher(credentials);
    return { client, id, ...credentials };
  };
  const loginAnswer = async (email: string, password: string) => {
    const client = provider.client();
    const path = side === 'student' ? '/api/student-login' : '/api/teacher-login';
    const { body } = await client.post<{ bool: boolean }>(path, side === 'student' ? { multipart: { email, password } } : { form: { email, password } });
    return body.bool;
  };
  const start = (account: Account, fields: Record<string, string>, id = account.id) =>
    account.client.post<{ bool: boolean; msg: string; retry_after?: number }>(`/api/${side}/${id}/email-change/`, { form: fields });
  const confirm = (account: Account, code: string, id = account.id) =>
    account.client.post<{ msg?: string; email?: string; id?: number }>(`/api/${side}/${id}/email-change/confirm/`, {
      form: { otp_digit: code },
    });
  const profile = async (account: Account) => {
    const { body } = await account.client.get<{ full_name: string; email: string }>(`/api/${side}/${account.id}`);
    return body;
  };
  const mailsTo = async (address: string) => {
    const { body } = await provider.client().get<{ to: string; subject: string; text: string; code?: string }[]>('/dev/outbox');
    return body.filter((mail) => mail.to === address);
  };

  beforeAll(async () => {
    provider = await startProvider();
  });
  afterAll(() => provider.stop());
  beforeEach(async () => {
    owner = await login(sides[side].login);
    other = await login(sides[side].other);
  });

  it('refuses a new address in the profile update with 400 and a msg, saving nothing', async () => {
    const before = await profile(owner);
    const fields = { full_name: 'Someone Else', email: 'attacker@example.org' };
    const answer =
      side === 'student'
        ? await owner.client.put<{ msg: string }>(`/api/student/${owner.id}/`, { form: { ...fields, username: 'someone' } })
        : await owner.client.put<{ msg: string }>(`/api/teacher/${owner.id}/`, { multipart: fields });

    expect(answer.status).toBe(400);
    expect(answer.body.msg).toMatch(/current password and the code/);
    expect(await profile(owner)).toMatchObject({ full_name: before.full_name, email: owner.email });
  });

  it('still saves the profile when the address is the current one, written in another case', async () => {
    const fields = { full_name: 'Renamed Person', email: owner.email.toUpperCase() };
    const answer =
      side === 'student'
        ? await owner.client.put(`/api/student/${owner.id}/`, { form: { ...fields, username: 'renamed' } })
        : await owner.client.put(`/api/teacher/${owner.id}/`, { multipart: fields });

    expect(answer.status).toBe(200);
    expect(await profile(owner)).toMatchObject({ full_name: 'Renamed Person', email: owner.email });
  });

  it('needs the right current password, and mails nothing to the new address without it', async () => {
    const missing = await start(owner, { email: `new-${side}-1@example.org` });
    const wrong = await start(owner, { email: `new-${side}-1@example.org`, current_password: 'not-my-password' });

    expect(missing.status).toBe(400);
    expect(wrong).toMatchObject({ status: 400, body: { bool: false, msg: 'Your current password is not correct.' } });
    expect(await mailsTo(`new-${side}-1@example.org`)).toEqual([]);
  });

  it('changes the address only with the code mailed to the new one; the old one works until then and is told', async () => {
    const newEmail = `new-${side}-2@example.org`;
    // A reset link mailed to the old address before the change.
    await provider.client().post(`/api/${side}-forgot-password/`, { form: { email: owner.email } });
    const resetToken = /[?&]token=([\w-]+)/.exec((await owner.client.lastMailTo(owner.email)).text)?.[1];

    const started = await start(owner, { email: newEmail, current_password: owner.password });
    expect(started).toMatchObject({ status: 200, body: { bool: true } });
    expect(started.body.msg).toContain(newEmail);
    const [codeMail] = await mailsTo(newEmail);
    expect(codeMail?.code).toMatch(/^\d{6}$/);

    // Until the code is entered the account keeps its address.
    expect(await profile(owner)).toMatchObject({ email: owner.email });
    expect(await loginAnswer(owner.email, owner.password)).toBe(true);
    expect(await loginAnswer(newEmail, owner.password)).toBe(false);

    const wrongCode = codeMail!.code === '111111' ? '222222' : '111111';
    expect(await confirm(owner, wrongCode)).toMatchObject({ status: 400, body: { msg: expect.stringMatching(/code is wrong/) } });
    const confirmed = await confirm(owner, codeMail!.code!);
    expect(confirmed).toMatchObject({ status: 200, body: { id: owner.id, email: newEmail } });

    expect(await profile(owner)).toMatchObject({ email: newEmail });
    expect(await loginAnswer(newEmail, owner.password)).toBe(true);
    expect(await loginAnswer(owner.email, owner.password)).toBe(false);
    const notice = await owner.client.lastMailTo(owner.email);
    expect(notice.subject).toBe('Your Language Academy e-mail address has been changed');
    expect(notice.text).toContain('n…@example.org');
    // The reset link that went to the old address no longer works, and the code is used up.
    const reset = await provider.client().post(`/api/${side}-change-password/${owner.id}/`, {
      form: { password: 'taken-over-1', token: resetToken! },
    });
    expect(reset.status).toBe(400);
    expect((await confirm(owner, codeMail!.code!)).status).toBe(400);

    // Back to the demo address for the other tests, through the same flow.
    await start(owner, { email: sides[side].login.email, current_password: owner.password });
    const back = (await mailsTo(sides[side].login.email))[0]!;
    expect((await confirm(owner, back.code!)).status).toBe(200);
  });

  it("refuses another account's session (403) and a session of no account (401)", async () => {
    const fields = { email: `new-${side}-3@example.org`, current_password: other.password };
    expect((await start(other, fields, owner.id)).status).toBe(403);
    expect((await confirm(other, '123456', owner.id)).status).toBe(403);
    const anonymous = { ...owner, client: provider.client() };
    expect((await start(anonymous, fields)).status).toBe(401);
    expect(await mailsTo(`new-${side}-3@example.org`)).toEqual([]);
  });

  it('refuses an address another account uses, and the current one', async () => {
    const taken = await start(owner, { email: other.email, current_password: owner.password });
    const same = await start(owner, { email: owner.email.toUpperCase(), current_password: owner.password });

    expect(taken).toMatchObject({ status: 400, body: { bool: false, msg: 'An account with this e-mail address already exists.' } });
    expect(same).toMatchObject({ status: 400, body: { bool: false, msg: 'This is already your e-mail address.' } });
  });

  it('burns the code after five wrong guesses', async () => {
    const newEmail = `new-${side}-4@example.org`;
    await start(owner, { email: newEmail, current_password: owner.password });
    const { code } = (await mailsTo(newEmail))[0]!;
    const wrong = code === '111111' ? '222222' : '111111';
    for (let guess = 0; guess < 5; guess += 1) expect((await confirm(owner, wrong)).status).toBe(400);

    expect((await confirm(owner, code!)).status).toBe(400);
    expect(await profile(owner)).toMatchObject({ email: owner.email });
  });

  it('throttles wrong current passwords like a login (429 with retry_after)', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await start(other, { email: `new-${side}-5@example.org`, current_password: 'guess-' + attempt })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const refused = await start(other, { email: `new-${side}-5@example.org`, current_password: other.password });
    expect(refused.status).toBe(429);
    expect(refused.body.retry_after).toBeGreaterThan(0);
  });
});
