/**
 * The academy extensions of the local provider: the catalogue's real figures for the home page,
 * the newsletter sign-up and the contact form (stored, mailed through the outbox, throttled).
 */
import { type Client, type RunningProvider, startProvider, svgFile } from './support';

interface Counts {
  courses: number;
  teachers: number;
  students: number;
  languages: { language: string; courses: number }[];
}

describe('academy extensions', () => {
  let provider: RunningProvider;
  let client: Client;

  beforeAll(async () => {
    provider = await startProvider();
  });
  beforeEach(() => {
    client = provider.client();
  });
  afterAll(() => provider.stop());

  const total = async (urlPath: string) => Number((await client.request('GET', urlPath)).headers.get('x-total-count'));

  describe('GET catalogue-counts/', () => {
    it('counts what the lists show: courses, approved teachers, and the courses of each language', async () => {
      const { status, body } = await client.get<Counts>('/api/catalogue-counts/');
      expect(status).toBe(200);
      expect(body.courses).toBe(await total('/api/course/?limit=1'));
      expect(body.teachers).toBe(await total('/api/teacher/?limit=1'));
      expect(body.students).toBeGreaterThan(0);
      expect(body.languages.length).toBeGreaterThan(0);
      for (const { language, courses } of body.languages) {
        expect([language, courses]).toEqual([language, await total(`/api/course/?limit=1&language=${encodeURIComponent(language)}`)]);
      }
    });

    it('follows the catalogue: a new course counts at once', async () => {
      const before = (await client.get<Counts>('/api/catalogue-counts/')).body;
      const teacherId = await client.loginTeacher();
      const created = await client.request('POST', '/api/course/', {
        multipart: {
          teacher: teacherId,
          category: 1,
          title: 'Counting in Akan',
          description: 'One to a hundred.',
          languages: 'Akan',
          price: '0',
          featured_img: svgFile(),
        },
      });
      expect(created.status).toBe(201);
      const after = (await client.get<Counts>('/api/catalogue-counts/')).body;
      expect(after.courses).toBe(before.courses + 1);
      const akan = (counts: Counts) => counts.languages.find((entry) => entry.language === 'Akan')?.courses ?? 0;
      expect(akan(after)).toBe(akan(before) + 1);
    });
  });

  describe('POST subscribe/', () => {
    it('subscribes once, mails a confirmation and says so', async () => {
      const { status, body } = await client.post('/api/subscribe/', { form: { email: 'Reader@Example.org' } });
      expect(status).toBe(200);
      expect(body).toEqual({ bool: true, msg: 'Thank you, you are subscribed. A confirmation is on its way to reader@example.org.' });
      expect((await client.lastMailTo('reader@example.org')).subject).toBe('You are subscribed to the Language Academy newsletter');

      // Again: the same answer, no second mail.
      expect((await client.post('/api/subscribe/', { form: { email: 'reader@example.org' } })).status).toBe(200);
      const outbox = (await client.get<{ to: string }[]>('/dev/outbox')).body;
      expect(outbox.filter((mail) => mail.to === 'reader@example.org')).toHaveLength(1);
    });

    it('refuses a malformed or missing address with 400 and a msg', async () => {
      for (const form of [{ email: 'reader' }, {}]) {
        const { status, body } = await client.post('/api/subscribe/', { form });
        expect(status).toBe(400);
        expect(body).toEqual({ bool: false, msg: expect.any(String) });
      }
    });

    it('makes an address wait after three sign-ups (429 with retry_after)', async () => {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await client.post('/api/subscribe/', { form: { email: 'flood@example.org' } })).status).toBe(200);
      }
      const { status, body } = await client.post('/api/subscribe/', { form: { email: 'FLOOD@example.org' } });
      expect(status).toBe(429);
      expect(body).toEqual({ bool: false, msg: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/), retry_after: expect.any(Number) });
    });
  });

  describe('POST contact/', () => {
    const message = { name: 'Maria Silva', email: 'maria@example.org', subject: 'Group lessons', message: 'Do you teach a class of twelve?' };

    it('stores the message, mails it to the academy with the address to answer to, and says so', async () => {
      const { status, body } = await client.post('/api/contact/', { form: message });
      expect(status).toBe(200);
      expect(body).toEqual({ bool: true, msg: 'Your message was sent. We answer within two working days, by e-mail.' });
      const mail = await client.lastMailTo('hello@languageacademy.example');
      expect(mail.subject).toBe('Contact form: Group lessons');
      expect(mail.text).toContain('Maria Silva <maria@example.org>');
      expect(mail.text).toContain('Do you teach a class of twelve?');
    });

    it('refuses blank, missing, malformed or overlong fields with 400 and a msg', async () => {
      const refused = [
        { ...message, name: '   ' },
        { ...message, subject: '' },
        { ...message, email: 'maria' },
        { ...message, message: 'x'.repeat(5001) },
        { name: 'Maria Silva', email: 'maria@example.org' },
      ];
      for (const form of refused) {
        const { status, body } = await client.post('/api/contact/', { form });
        expect([status, body]).toEqual([400, { bool: false, msg: expect.any(String) }]);
      }
      expect((await client.post('/api/contact/', { form: { ...message, name: ' ' } })).body).toEqual({ bool: false, msg: 'Please enter your name.' });
    });

    it('keeps a subject with line breaks on one line in the mail', async () => {
      const form = { ...message, email: 'lines@example.org', subject: 'Hello\r\nBcc: everyone@example.org' };
      expect((await client.post('/api/contact/', { form })).status).toBe(200);
      expect((await client.lastMailTo('hello@languageacademy.example')).subject).toBe('Contact form: Hello Bcc: everyone@example.org');
    });

    it('makes an address wait after three messages (429)', async () => {
      const form = { ...message, email: 'chatty@example.org' };
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await client.post('/api/contact/', { form })).status).toBe(200);
      expect((await client.post('/api/contact/', { form })).status).toBe(429);
    });
  });
});
