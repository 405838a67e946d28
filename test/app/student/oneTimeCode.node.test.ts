import { randomOneTimeCode } from '@/features/access/oneTimeCode';

/** Makes the random source yield `values`, one per call. */
function randomSourceYields(...values: number[]) {
  const queue = [...values];
  return jest.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
    (array as Uint32Array)[0] = queue.shift()!;
    return array;
  });
}

describe('randomOneTimeCode', () => {
  afterEach(() => jest.restoreAllMocks());

  it('maps the lowest random value to 100000', () => {
    randomSourceYields(0);
    expect(randomOneTimeCode()).toBe(100000);
  });

  it('maps the highest unbiased random value to 999999', () => {
    const unbiasedLimit = 2 ** 32 - (2 ** 32 % 900000);
    randomSourceYields(unbiasedLimit - 1);
    expect(randomOneTimeCode()).toBe(999999);
  });

  it('draws again rather than favour low codes when the value is past the unbiased range', () => {
    const source = randomSourceYields(2 ** 32 - 1, 5);
    expect(randomOneTimeCode()).toBe(100005);
    expect(source).toHaveBeenCalledTimes(2);
  });

  it('always gives a whole number from 100000 to 999999', () => {
    for (let draw = 0; draw < 2000; draw += 1) {
      const code = randomOneTimeCode();
      expect(Number.isInteger(code)).toBe(true);
      expect(code).toBeGreaterThanOrEqual(100000);
      expect(code).toBeLessThanOrEqual(999999);
    }
  });
});
