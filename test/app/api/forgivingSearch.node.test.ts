/** The course search's rule (src/api/forgivingSearch.ts), shared by the provider and the browser. */
import { matchesSearch } from '@/api/forgivingSearch';

const title = 'Spanish for Beginners: ordering at the Café';

describe('matchesSearch', () => {
  it('ignores accents and case, on either side', () => {
    expect(matchesSearch('cafe', title)).toBe(true);
    expect(matchesSearch('CAFÉ', 'a cafe nearby')).toBe(true);
    expect(matchesSearch('yoruba', 'Yorùbá for the family')).toBe(true);
    expect(matchesSearch('ɔkɔ', 'Akan: oko')).toBe(true);
  });

  it('finds parts of words, and every word of the search anywhere in the text', () => {
    expect(matchesSearch('span', title)).toBe(true);
    expect(matchesSearch('  beginners   spanish ', title)).toBe(true);
    expect(matchesSearch('spanish german', title)).toBe(false);
    expect(matchesSearch('', title)).toBe(true);
    expect(matchesSearch('?!', 'Why?! Because.')).toBe(true);
    expect(matchesSearch('?!', title)).toBe(false);
  });

  it('forgives one typo in a word of five letters or more: a letter left out, added, changed, or two swapped', () => {
    expect(matchesSearch('spansh', title)).toBe(true); // left out
    expect(matchesSearch('spannish', title)).toBe(true); // added
    expect(matchesSearch('spanich', title)).toBe(true); // changed
    expect(matchesSearch('sapnish', title)).toBe(true); // swapped
    expect(matchesSearch('beginer', title)).toBe(true); // of the word's beginning ('beginners')
    expect(matchesSearch('ordrring', title)).toBe(true);
  });

  it('forgives no typo under five letters, nor two typos', () => {
    expect(matchesSearch('cafr', title)).toBe(false);
    expect(matchesSearch('spna', title)).toBe(false);
    expect(matchesSearch('spnsh', title)).toBe(false); // two letters left out
    expect(matchesSearch('sapnihs', title)).toBe(false); // two swaps
    expect(matchesSearch('spanish frnech', title)).toBe(false); // the second word matches nothing
  });
});
