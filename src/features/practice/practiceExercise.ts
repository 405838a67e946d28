import { checkTypedAnswer, type AnswerCheck, type Verdict } from './answerMatch';

/** An exercise as the runner needs it (api-spec.yaml's Exercise has these fields and more). */
export interface PracticeExercise {
  id: number;
  kind: 'choose' | 'type' | 'listen' | 'say';
  prompt: string;
  hint: string;
  explanation: string;
  choices: readonly string[];
  correct_choice: number | null;
  answers: readonly string[];
  audio: string | null;
}

/**
 * The browser's verdict on an answer, at once (the provider checks it again for the record): a
 * choice by its index as text, a typed answer by the comparison rule, a 'say' by the student's own
 * verdict ('right' or 'wrong').
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
      const verdict: Verdict = answer === 'right' ? 'right' : 'wrong';
      return { verdict, expected, parts: [{ text: expected, differs: false }] };
    }
    default:
      return checkTypedAnswer(answer, exercise.answers);
  }
}
