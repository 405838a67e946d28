import { type Client, type RunningProvider, startProvider } from './support';

interface ListedCourse {
  id: number;
  category: { id: number } | number;
}

/** A large catalogue (the seedCourses option) and paged lists: limit, offset and X-Total-Count. */
describe('a catalogue that pages', () => {
  const generated = 600;
  let provider: RunningProvider;
  let visitor: Client;
  let all: ListedCourse[];

  beforeAll(async () => {
    provider = await startProvider({ seedCourses: generated });
    visitor = provider.client();
    all = (await visitor.get<ListedCourse[]>('/api/course/')).body;
  });

  afterAll(() => provider.stop());

  const page = async (query: string) => {
    const { status, body, response } = await visitor.get<ListedCourse[]>(`/api/course/?${query}`);
    expect(status).toBe(200);
    return { ids: body.map((course) => course.id), total: Number(response.headers.get('x-total-count')) };
  };

  it('seeds the generated courses besides the demo ones, and counts them all', async () => {
    expect(all.length).toBeGreaterThan(generated);
    expect((await page('')).total).toBe(all.length);
  });

  it('answers one page of the list, in the list order, with the total in X-Total-Count', async () => {
    expect(await page('limit=12&offset=24')).toEqual({ ids: all.slice(24, 36).map((course) => course.id), total: all.length });
    expect(await page('limit=12')).toEqual({ ids: all.slice(0, 12).map((course) => course.id), total: all.length });
    expect(await page(`limit=12&offset=${all.length - 5}`)).toEqual({ ids: all.slice(-5).map((course) => course.id), total: all.length });
    expect(await page(`limit=12&offset=${all.length + 10}`)).toEqual({ ids: [], total: all.length });
  });

  it('pages the filtered list and counts only what matches', async () => {
    const spanish = all.filter((course) => (typeof course.category === 'number' ? course.category : course.category.id) === 1);
    expect(spanish.length).toBeGreaterThan(20);
    expect(await page('category=1&limit=10&offset=10')).toEqual({ ids: spanish.slice(10, 20).map((course) => course.id), total: spanish.length });
  });

  it('pages the most popular courses within `result`', async () => {
    const popular = await page('result=5');
    expect(popular.ids).toHaveLength(5);
    expect(await page('result=5&limit=2&offset=2')).toEqual({ ids: popular.ids.slice(2, 4), total: 5 });
  });

  it('refuses a page larger than 100 rows or a negative offset', async () => {
    expect((await visitor.get('/api/course/?limit=101')).status).toBe(400);
    expect((await visitor.get('/api/course/?offset=-1')).status).toBe(400);
  });

  it('pages the teachers', async () => {
    const everyone = (await visitor.get<{ id: number }[]>('/api/teacher/')).body;
    expect(everyone.length).toBeGreaterThan(generated / 25);
    const { body, response } = await visitor.get<{ id: number }[]>('/api/teacher/?limit=8&offset=8');
    expect(body.map((teacher) => teacher.id)).toEqual(everyone.slice(8, 16).map((teacher) => teacher.id));
    expect(Number(response.headers.get('x-total-count'))).toBe(everyone.length);
  });
});
