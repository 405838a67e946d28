const lowest = 100_000;
const choices = 900_000; // 100000 to 999999
const uint32Range = 2 ** 32;
/** The largest multiple of `choices` that fits in a Uint32: values at or above it would bias the result. */
const unbiasedLimit = uint32Range - (uint32Range % choices);

/**
 * A random 6-digit one-time code from 100000 to 999999 (spec sections 5 and 9), drawn uniformly
 * from the browser's cryptographic random source.
 */
export function randomOneTimeCode(): number {
  const sample = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(sample);
    const value = sample[0]!;
    if (value < unbiasedLimit) return lowest + (value % choices);
  }
}
