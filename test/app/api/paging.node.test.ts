import { pageOf, totalCount } from '@/api';

const rows = Array.from({ length: 30 }, (_, index) => index + 1);
const answered = (headers: Record<string, string>) => ({ response: new Response('[]', { headers }) });

describe('paged lists', () => {
  it('reads the total from X-Total-Count, and nothing from a missing or malformed one', () => {
    expect(totalCount(answered({ 'X-Total-Count': '5000' }))).toBe(5000);
    expect(totalCount(answered({ 'X-Total-Count': '0' }))).toBe(0);
    expect(totalCount(answered({}))).toBeNull();
    expect(totalCount(answered({ 'X-Total-Count': '' }))).toBeNull();
    expect(totalCount(answered({ 'X-Total-Count': '-3' }))).toBeNull();
    expect(totalCount(answered({ 'X-Total-Count': 'many' }))).toBeNull();
    expect(totalCount(undefined)).toBeNull();
  });

  it("keeps the page of a provider that pages, with the provider's total", () => {
    expect(pageOf(rows.slice(12, 24), 5000, { limit: 12, offset: 12 })).toEqual({ items: rows.slice(12, 24), total: 5000 });
    expect(pageOf([], 5000, { limit: 12, offset: 6000 })).toEqual({ items: [], total: 5000 });
  });

  it('cuts the page itself from the whole list of a provider that ignores limit and offset, and keeps the whole list beside it', () => {
    expect(pageOf(rows, null, { limit: 12, offset: 12 })).toEqual({ items: rows.slice(12, 24), total: 30, all: rows });
    expect(pageOf(rows, null, { limit: 12, offset: 24 })).toEqual({ items: rows.slice(24), total: 30, all: rows });
    expect(pageOf(rows, null, { limit: 12, offset: 36 })).toEqual({ items: [], total: 30, all: rows });
    // A total sent with more rows than the page: the rows are the whole list.
    expect(pageOf(rows, 30, { limit: 12, offset: 0 })).toEqual({ items: rows.slice(0, 12), total: 30, all: rows });
  });

  it('gives the whole list when no page was asked for', () => {
    expect(pageOf(rows, null)).toEqual({ items: rows, total: 30 });
    expect(pageOf(rows, 30, {})).toEqual({ items: rows, total: 30 });
  });
});
