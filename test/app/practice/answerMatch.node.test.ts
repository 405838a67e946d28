import { checkTypedAnswer } from '@/features/practice/answerMatch';
import { applySpecialKey, specialKeysOf } from '@/features/practice/specialLetters';

/** The marked letters of an 'almost', as the screen shows them: [x] for a differing run. */
function shown(answer: string, variants: string[]) {
  const check = checkTypedAnswer(answer, variants);
  return { verdict: check.verdict, spelling: check.parts.map(({ text, differs }) => (differs ? `[${text}]` : text)).join('') };
}

describe('comparing a typed answer', () => {
  it.each([
    ['the same spelling', 'ọmọ', ['ọmọ'], 'right', 'ọmọ'],
    ['case, surrounding and doubled spaces', '  Buenos   DÍAS ', ['buenos días'], 'right', 'buenos días'],
    ['a decomposed spelling of the same letters (NFC)', 'o\u0323mo\u0323', ['ọmọ'], 'right', 'ọmọ'],
    ['a later accepted variant', 'good day', ['e kaaro', 'good day'], 'right', 'e kaaro'],
    ['a missing subdot, marked in the exact spelling', 'omo', ['ọmọ'], 'almost', '[ọ]m[ọ]'],
    ['a wrong tone on one letter', 'ọ́mọ', ['ọ̀mọ'], 'almost', '[ọ̀]mọ'],
    ['a missing accent', 'buenos dias', ['Buenos días'], 'almost', 'Buenos d[í]as'],
    ['Akan ɛ typed as e', 'me din de', ['Me din dɛ'], 'almost', 'Me din d[ɛ]'],
    ['a mark too many', 'cafè', ['cafe'], 'almost', 'caf[e]'],
    ['another letter', 'omi', ['ọmọ'], 'wrong', 'ọmọ'],
    ['an empty answer', '   ', ['ọmọ'], 'wrong', 'ọmọ'],
  ])('%s', (_case, answer, variants, verdict, spelling) => {
    expect(shown(answer, variants)).toEqual({ verdict, spelling });
  });

  it('shows the variant the answer almost matched, and the first one otherwise', () => {
    expect(checkTypedAnswer('eku aaro', ['ẹ kú àárọ̀', 'ẹ kú àárọ']).expected).toBe('ẹ kú àárọ̀');
    expect(checkTypedAnswer('eku', ['ẹ kú àárọ̀', 'ẹkú']).expected).toBe('ẹkú');
    expect(checkTypedAnswer('bye', ['ẹ kú àárọ̀', 'ẹkú']).expected).toBe('ẹ kú àárọ̀');
  });
});

describe('the special letters row', () => {
  it('has the letters of each course language, and none for English or an unknown one', () => {
    const names = (tag: Parameters<typeof specialKeysOf>[0]) => specialKeysOf(tag).map((key) => (key.kind === 'letter' ? key.text : key.sample));
    expect(names('yo')).toEqual(['ẹ', 'ọ', 'ṣ', 'à', 'á', 'ā']);
    expect(names('ak')).toEqual(['ɛ', 'ɔ']);
    expect(names('de')).toEqual(['ä', 'ö', 'ü', 'ß']);
    expect(names('es')).toContain('ñ');
    expect(names('fr')).toContain('ç');
    expect(names('en')).toEqual([]);
    expect(names(undefined)).toEqual([]);
  });

  const [subdotE, , , low, high] = specialKeysOf('yo');

  it('inserts a letter at the cursor, replacing the selection', () => {
    expect(applySpecialKey('mo', 1, 1, subdotE!)).toEqual({ value: 'mẹo', cursor: 2 });
    expect(applySpecialKey('mxo', 1, 2, subdotE!)).toEqual({ value: 'mẹo', cursor: 2 });
  });

  it('puts a tone on the letter before the cursor, replacing the tone it had', () => {
    expect(applySpecialKey('ọmọ', 1, 1, low!)).toEqual({ value: 'ọ̀mọ', cursor: 2 });
    expect(applySpecialKey('ọ̀mọ', 2, 2, high!)).toEqual({ value: 'ọ́mọ', cursor: 2 });
    expect(applySpecialKey('ba', 2, 2, high!)).toEqual({ value: 'bá', cursor: 2 });
  });

  it('leaves the text alone when no letter is before the cursor', () => {
    expect(applySpecialKey('ba', 0, 0, low!)).toEqual({ value: 'ba', cursor: 0 });
    expect(applySpecialKey('a b', 2, 2, low!)).toEqual({ value: 'a b', cursor: 2 });
  });
});
