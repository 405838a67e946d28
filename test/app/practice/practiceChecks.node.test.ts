import { getContrastRatio } from '@mui/material/styles';
import { theme } from '@/app/theme';
import { checkAnswer, type PracticeExercise } from '@/features/practice/practiceExercise';
import { verdictTextColor } from '@/features/practice/ResultPanel';
import { applySpecialKey, specialKeysOf } from '@/features/practice/specialLetters';

const typed = (answers: string[]): PracticeExercise => ({ id: 1, kind: 'type', prompt: 'Say child', hint: '', explanation: '', choices: [], correct_choice: null, answers, audio: null });

/** The verdict and the spelling as the runner shows them: [x] for a marked run. */
function shown(answer: string, variants: string[]) {
  const check = checkAnswer(typed(variants), answer);
  return { verdict: check.verdict, spelling: check.parts.map(({ text, differs }) => (differs ? `[${text}]` : text)).join('') };
}

describe("the runner's verdict on a typed answer (the shared rule, src/api/answerCheck.ts)", () => {
  it.each([
    ['the same spelling', 'ọmọ', ['ọmọ'], 'right', 'ọmọ'],
    ['case, surrounding and doubled spaces', '  Buenos   DÍAS ', ['buenos días'], 'right', 'buenos días'],
    ['a decomposed spelling of the same letters (NFC)', 'o\u0323mo\u0323', ['ọmọ'], 'right', 'ọmọ'],
    ['a missing subdot, marked in the exact spelling', 'omo', ['ọmọ'], 'almost', '[ọ]m[ọ]'],
    ['a wrong tone on one letter', 'ọ́mọ', ['ọ̀mọ'], 'almost', '[ọ̀]mọ'],
    ['a missing accent, in the exact spelling tidied', 'buenos dias', [' Buenos  días'], 'almost', 'Buenos d[í]as'],
    ['Akan ɛ typed as e', 'me din de', ['Me din dɛ'], 'almost', 'Me din d[ɛ]'],
    ['another letter', 'omi', ['ọmọ'], 'wrong', 'ọmọ'],
  ])('%s', (_case, answer, variants, verdict, spelling) => {
    expect(shown(answer, variants)).toEqual({ verdict, spelling });
  });

  it('judges a choice by its index and a said phrase by the student', () => {
    const choose: PracticeExercise = { ...typed([]), kind: 'choose', choices: ['Ẹ ṣé', 'Ó dàbọ̀'], correct_choice: 1 };
    expect(checkAnswer(choose, '1')).toMatchObject({ verdict: 'right', expected: 'Ó dàbọ̀' });
    expect(checkAnswer(choose, '0')).toMatchObject({ verdict: 'wrong', expected: 'Ó dàbọ̀' });
    const say: PracticeExercise = { ...typed(['Ẹ kú àárọ̀']), kind: 'say' };
    expect(checkAnswer(say, 'right').verdict).toBe('right');
    expect(checkAnswer(say, 'wrong')).toMatchObject({ verdict: 'wrong', expected: 'Ẹ kú àárọ̀' });
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

describe("the result's verdict", () => {
  it('is written in a colour that contrasts 4.5:1 with the page and with paper', () => {
    const palette = theme.palette as unknown as Record<string, Record<string, string>>;
    for (const [verdict, path] of Object.entries(verdictTextColor)) {
      const [group, shade] = path.split('.') as [string, string];
      const colour = palette[group]![shade]!;
      for (const page of [theme.palette.background.default, theme.palette.background.paper]) {
        expect({ verdict, page, ratio: getContrastRatio(colour, page) >= 4.5 }).toEqual({ verdict, page, ratio: true });
      }
    }
  });
});
