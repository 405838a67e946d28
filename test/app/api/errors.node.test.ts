import { classifyError, errorText, isNotFound, providerMessage, tooManyAttemptsText } from '@/api';

/** What an RTK Query fetchBaseQuery call fails with when the provider answers `status` with JSON `data`. */
const answered = (status: number, data: unknown = {}) => ({ status, data });

describe('classifyError', () => {
  it('reads the provider msg of a refusal', () => {
    expect(classifyError(answered(400, { bool: false, msg: 'You are already enrolled in this course.' }))).toEqual({
      kind: 'refused',
      status: 400,
      msg: 'You are already enrolled in this course.',
      fields: {},
    });
  });

  it("reads DRF's detail when there is no msg", () => {
    expect(classifyError(answered(400, { detail: 'Invalid input.' }))).toMatchObject({ kind: 'refused', msg: 'Invalid input.' });
  });

  it('reads a DRF field map into one message per field and one readable line', () => {
    const failure = classifyError(
      answered(400, { email: ['This field may not be blank.'], full_name: ['This field is required.', 'Too short.'] }),
    );
    expect(failure).toEqual({
      kind: 'refused',
      status: 400,
      msg: 'E-mail address: This field may not be blank. Full name: This field is required. Too short.',
      fields: { email: 'This field may not be blank.', full_name: 'This field is required. Too short.' },
    });
  });

  it('counts non_field_errors as the message, not as a field', () => {
    expect(classifyError(answered(400, { non_field_errors: ['The code has expired.'] }))).toEqual({
      kind: 'refused',
      status: 400,
      msg: 'The code has expired.',
      fields: {},
    });
  });

  it('ignores blank messages and values that are not message lists', () => {
    expect(classifyError(answered(400, { bool: false, msg: '  ', student_id: 4 }))).toEqual({
      kind: 'refused',
      status: 400,
      msg: null,
      fields: {},
    });
  });

  it('calls a 5xx a server fault, whatever its body says', () => {
    expect(classifyError(answered(500, { msg: 'Traceback …' }))).toEqual({ kind: 'server' });
    expect(classifyError(answered(503))).toEqual({ kind: 'server' });
  });

  it('calls an answer that is not JSON (an HTML error page) a server fault', () => {
    const htmlPage = { status: 'PARSING_ERROR', originalStatus: 500, data: '<html>Server Error</html>', error: 'SyntaxError' };
    expect(classifyError(htmlPage)).toEqual({ kind: 'server' });
    expect(classifyError({ ...htmlPage, originalStatus: 200 })).toEqual({ kind: 'server' });
  });

  it('calls a missing answer a network failure', () => {
    expect(classifyError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({ kind: 'network' });
    expect(classifyError({ status: 'TIMEOUT_ERROR', error: 'AbortError' })).toEqual({ kind: 'network' });
  });

  it('names 401, 403 and 404, keeping the message of 403 and 404', () => {
    expect(classifyError(answered(401, { detail: 'Not logged in.' }))).toEqual({ kind: 'unauthorised' });
    expect(classifyError(answered(403, { msg: 'Your application is pending.' }))).toEqual({ kind: 'forbidden', msg: 'Your application is pending.' });
    expect(classifyError(answered(403))).toEqual({ kind: 'forbidden', msg: null });
    expect(classifyError(answered(404, { detail: 'Not found.' }))).toEqual({ kind: 'notFound', msg: 'Not found.' });
    expect(classifyError({ status: 'PARSING_ERROR', originalStatus: 404, data: '<html>', error: '' })).toEqual({ kind: 'notFound', msg: null });
  });

  it('calls anything that is not an HTTP failure a refusal without status', () => {
    expect(classifyError(new Error('boom'))).toEqual({ kind: 'refused', status: null, msg: null, fields: {} });
    expect(classifyError(undefined)).toEqual({ kind: 'refused', status: null, msg: null, fields: {} });
  });
});

describe('errorText', () => {
  it('has one wording per kind of fault', () => {
    expect(errorText({ status: 'FETCH_ERROR', error: '' }, 'fallback')).toBe('No response from the server. Please try again later.');
    expect(errorText(answered(502), 'fallback')).toBe('The server ran into a problem. Please try again in a few minutes.');
    expect(errorText(answered(401, { msg: 'Expired.' }), 'fallback')).toBe('Your session has expired. Please log in again.');
    expect(errorText(answered(403), 'fallback')).toBe('You are not allowed to do this.');
  });

  it("prefers the provider's message, else the fallback", () => {
    expect(errorText(answered(403, { msg: 'Not your course.' }), 'fallback')).toBe('Not your course.');
    expect(errorText(answered(400, { msg: 'Wrong code.' }), 'fallback')).toBe('Wrong code.');
    expect(errorText(answered(400), 'fallback')).toBe('fallback');
    expect(errorText(answered(404), null)).toBeNull();
  });
});

describe('schema messages (Fastify and Ajv) in words', () => {
  it.each([
    ['Invalid request: body/email must match format "email".', 'email', 'Please enter a valid e-mail address, like name@example.com.'],
    ["Invalid request: body must have required property 'full_name'.", 'full_name', 'Please fill in the full name.'],
    ['body/username must NOT have more than 50 characters', 'username', 'The username must be at most 50 characters long.'],
    ['body/password must NOT have fewer than 8 characters', 'password', 'The password must be at least 8 characters long.'],
    ['body/mobile_no must be string', 'mobile_no', 'Please check the mobile number.'],
  ])('%s goes to its field in words', (msg, field, text) => {
    expect(classifyError(answered(400, { msg }))).toEqual({ kind: 'refused', status: 400, msg: text, fields: { [field]: text } });
    expect(errorText(answered(400, { msg }), 'fallback')).toBe(text);
  });

  it('gives way to the screen\'s own text when the message names no field', () => {
    const msg = 'Invalid request: querystring must NOT have additional properties.';
    expect(classifyError(answered(400, { msg }))).toEqual({ kind: 'refused', status: 400, msg: null, fields: {} });
    expect(errorText(answered(400, { detail: 'body must be object' }), 'Something went wrong')).toBe('Something went wrong');
  });

  it("leaves a provider's own words and DRF's field maps as they are", () => {
    expect(errorText(answered(400, { msg: 'The full name must not be empty.' }), null)).toBe('The full name must not be empty.');
    expect(classifyError(answered(400, { email: ['student with this email already exists.'] }))).toMatchObject({
      fields: { email: 'student with this email already exists.' },
    });
  });
});

describe('too many attempts (429)', () => {
  it('is classified with the provider message and the seconds to wait', () => {
    const msg = 'Too many attempts. Please try again in 1 minute.';
    expect(classifyError(answered(429, { bool: false, msg, retry_after: 30 }))).toEqual({
      kind: 'tooManyRequests',
      msg,
      retryAfter: 30,
    });
    expect(classifyError(answered(429, { retry_after: '90' }))).toEqual({ kind: 'tooManyRequests', msg: null, retryAfter: 90 });
    expect(classifyError(answered(429, {}))).toEqual({ kind: 'tooManyRequests', msg: null, retryAfter: null });
    expect(classifyError({ status: 'PARSING_ERROR', originalStatus: 429, data: 'Slow down', error: '' })).toEqual({
      kind: 'tooManyRequests',
      msg: null,
      retryAfter: null,
    });
  });

  it("reads as the provider's message, else says when to try again in whole minutes", () => {
    expect(errorText(answered(429, { msg: 'Wait a bit.', retry_after: 30 }), 'fallback')).toBe('Wait a bit.');
    expect(errorText(answered(429, { retry_after: 30 }), 'fallback')).toBe('Too many attempts. Please try again in 1 minute.');
    expect(errorText(answered(429, { retry_after: 60 }), null)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(errorText(answered(429, { retry_after: 61 }), null)).toBe('Too many attempts. Please try again in 2 minutes.');
    expect(errorText(answered(429, { retry_after: 900 }), null)).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(errorText(answered(429), 'fallback')).toBe('Too many attempts. Please try again later.');
    expect(tooManyAttemptsText(0)).toBe('Too many attempts. Please try again in 1 minute.');
  });
});

describe('isNotFound and providerMessage', () => {
  it('tells a 404 apart', () => {
    expect(isNotFound(answered(404))).toBe(true);
    expect(isNotFound(answered(400))).toBe(false);
    expect(isNotFound(undefined)).toBe(false);
  });

  it('reads the message of a successful answer body', () => {
    expect(providerMessage({ bool: true, msg: 'Password changed.' })).toBe('Password changed.');
    expect(providerMessage({ bool: true })).toBeNull();
    expect(providerMessage('plain text')).toBeNull();
  });
});
