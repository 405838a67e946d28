import { parseIdParam } from '@/config/routeParams';

describe('parseIdParam', () => {
  it.each([
    ['1', 1],
    ['7', 7],
    ['42', 42],
    [String(Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER],
  ])('reads %p as %p', (value, id) => {
    expect(parseIdParam(value)).toBe(id);
  });

  it.each([
    undefined,
    null,
    '',
    '0',
    '007',
    '-3',
    '+3',
    ' 7',
    '7 ',
    '1e2',
    '1.0',
    '0x1A',
    '7abc',
    '١٢',
    String(Number.MAX_SAFE_INTEGER + 1),
    '99999999999999999999',
  ])('rejects %p', (value) => {
    expect(parseIdParam(value)).toBeNull();
  });
});
