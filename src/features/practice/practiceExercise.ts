import { type AnswerResult, checkTypedAnswer, type Exercise, letters, tidyAnswer } from '@/api';

export type Verdict = AnswerResult;

/** An exercise as the runner needs it (api-spec.yaml's Exercise has these fields and more). */
export type PracticeExercise = Pick<Exercise, 'id' | 'kind' | 'prompt' | 'hint' | 'explanation' | 'choices' | 'correct_choice' | 'answers' | 'audio'>;

/** A run of the exact spelling, marked where it differs from what was typed. */
export interface SpellingPart {
  text: string;
  differs: boolean;
}

export interface AnswerCheck {
  verdict: Verdict;
  /** The exact spelling, the right choice, or the phrase to say. */
  expected: string;
  /** `expected` in runs, the letters whose marks differ from the answer's marked ('almost'; else one unmarked run). */
  parts: SpellingPart[];
}

/** `expected` in runs of letters, those at the indexes `marks` (of `letters(expected)`) marked. */
export function spellingParts(expected: string, marks: readonly number[]): SpellingPart[] {
  const parts: SpellingPart[] = [];
  letters(expected).forEach((letter, index) => {
    const differs = marks.includes(index);
    const last = parts[parts.length - 1];
    if (last !== undefined && last.differs === differs) last.text += letter;
    else parts.push({ text: letter, differs });
  });
  return parts;
}

/**
 * The browser's verdict on an answer, at once (the provider checks it again for the record, by the
 * same rule: src/api/answerCheck.ts): a choice by its index as text, a typed answer by the
 * comparison rule, a 'say' by the student's own verdict ('right' or 'wrong').
 */
export function checkAnswer(exercise: PracticeExercise, answer: string): AnswerCheck {
  switch (exercise.kind) {
    case 'choose': {
      const right = exercise.correct_choice ?? -1;
      const expected = exercise.choices[right] ?? '';
      return { verdict: answer === String(right) ? 'right' : 'wrong', expected, parts: [{ text: expected, differs: false }] };
    }
    case 'say': {
      const expected = exercise.answers[0] ?? exercise.prompt;
      return { verdict: answer === 'right' ? 'right' : 'wrong', expected, parts: [{ text: expected, differs: false }] };
    }
    default: {
      const { result, expected, marks } = checkTypedAnswer(answer, exercise.answers);
      const shown = tidyAnswer(expected);
      return { verdict: result, expected: shown, parts: result === 'almost' ? spellingParts(shown, marks) : [{ text: shown, differs: false }] };
    }
  }
}
