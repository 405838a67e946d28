/** The rule typed answers are checked by, in the browser and on the provider alike (src/api/answerCheck.ts). */
import { checkTypedAnswer, letters } from '@/api';

describe('checkTypedAnswer', () => {
  it.each([
    ['case, surrounding and repeated spaces aside', '  ẹ KÚ   àárọ̀ ', ['Ẹ kú àárọ̀']],
    ['any accepted spelling', 'e ku aaro o', ['Ẹ kú àárọ̀', 'E ku aaro o']],
    ['decomposed or precomposed alike (NFC)', 'Me\u0301xico', ['México']],
  ])('is right %s', (_case, answer, accepted) => {
    expect(checkTypedAnswer(answer, accepted)).toEqual({ result: 'right', expected: accepted[0], marks: [] });
  });

  it.each([
    ['Yoruba tone marks and subdots', 'E ku aaro', 'Ẹ kú àárọ̀', [0, 3, 5, 6, 8]],
    ['a wrong tone', 'Ẹ kù àárọ̀', 'Ẹ kú àárọ̀', [3]],
    ['Akan ɛ and ɔ typed as e and o', 'Medaase, ɔdo', 'Mɛdaase, ɔdɔ', [1, 11]],
    ['a Spanish accent', 'buenos dias', 'Buenos días', [8]],
    ['a German umlaut', 'Madchen', 'Mädchen', [1]],
  ])('is almost for %s, naming the letters of the exact spelling that differ', (_case, answer, expected, marks) => {
    expect(checkTypedAnswer(answer, [expected])).toEqual({ result: 'almost', expected, marks });
  });

  it('marks nothing when the answer is almost another accepted spelling than the exact one', () => {
    expect(checkTypedAnswer('E ka aaro', ['Ẹ kú àárọ̀', 'Ẹ ká àárọ̀'])).toEqual({ result: 'almost', expected: 'Ẹ kú àárọ̀', marks: [] });
  });

  it.each([
    ['another word', 'Ẹ ṣé', ['Ẹ kú àárọ̀']],
    ['a letter, not a mark, missing', 'Strase', ['Straße']],
    ['nothing typed', '   ', ['Ẹ kú àárọ̀']],
  ])('is wrong for %s', (_case, answer, accepted) => {
    expect(checkTypedAnswer(answer, accepted)).toMatchObject({ result: 'wrong', marks: [] });
  });
});

describe('letters', () => {
  it('keeps each letter with its marks, the indexes `marks` count in', () => {
    expect(letters('Ẹ kú àárọ̀')).toEqual(['Ẹ', ' ', 'k', 'ú', ' ', 'à', 'á', 'r', 'ọ̀']);
  });
});
