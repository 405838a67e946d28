import type { Assignment } from '@/api';
import { formatterOnFirstUse } from '@/components/plainFormat';
import { assignmentMessages as messages } from './assignmentMessages';

export type AnswerKind = NonNullable<Assignment['answer_kind']>;

/** How the student answers: `done` where the provider does not say (the spec's behaviour). */
export function answerKindOf(assignment: Assignment): AnswerKind {
  return assignment.answer_kind ?? 'done';
}

const kindNames: Record<AnswerKind, string> = {
  voice: messages.kindVoice,
  text: messages.kindText,
  file: messages.kindFile,
  done: messages.kindDone,
};

export function kindName(kind: AnswerKind): string {
  return kindNames[kind];
}

const markWords: Record<string, string> = {
  needs_work: messages.markNeedsWork,
  good: messages.markGood,
  excellent: messages.markExcellent,
};

/** 'good' -> 'Good', '85' -> '85 %'. */
export function markText(mark: string): string {
  return markWords[mark] ?? (/^\d+$/.test(mark) ? messages.markPercent(mark) : mark);
}

const dayMonth = formatterOnFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }));
const dayMonthYear = formatterOnFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }));
const dateTime = formatterOnFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }));

/** '30 Nov' this year, '30 Nov 2027' otherwise. */
export function shortDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  return (date.getFullYear() === now.getFullYear() ? dayMonth : dayMonthYear)().format(date);
}

/** '24 Nov 2026, 17:02'. */
export function longDate(iso: string): string {
  return dateTime().format(new Date(iso));
}

/** The due date as said in a row: 'Due 30 Nov', or 'Late: was due 24 Nov' for pending work past it; null without one. */
export function dueOf(assignment: Assignment, completed: boolean, now: Date = new Date()): { text: string; late: boolean } | null {
  if (!assignment.due_at) return null;
  const due = new Date(assignment.due_at);
  if (Number.isNaN(due.getTime())) return null;
  const date = shortDate(assignment.due_at, now);
  const late = !completed && due.getTime() < now.getTime();
  return { text: late ? messages.late(date) : messages.due(date), late };
}

/** Where the work stands: 'To do', 'Answered', 'Completed', 'Marked: Good' or 'Feedback given'. */
export function stateOf(assignment: Assignment, completed: boolean): string {
  const { feedback } = assignment;
  if (feedback) return feedback.mark ? messages.stateMarked(markText(feedback.mark)) : messages.stateFeedback;
  if (!completed) return messages.stateToDo;
  return assignment.answer ? messages.stateAnswered : messages.stateCompleted;
}

/** Whether the assignment has a page to open: an answer to give, or feedback to read (extension providers only). */
export function hasPage(assignment: Assignment): boolean {
  return answerKindOf(assignment) !== 'done' || Boolean(assignment.feedback);
}
