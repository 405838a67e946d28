import { type Assignment, downloadName } from '@/api';
import { formatterOnFirstUse } from '@/components/plainFormat';
import { teacherAssignmentMessages as messages } from './assignmentMessages';

const dateTime = formatterOnFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }));

/** Whether the provider tells how the assignment is answered (the answers extension); without it, the spec's done-only assignment. */
export function hasAnswers(assignment: Assignment): boolean {
  return assignment.answer_kind !== undefined;
}

/** A time as '30 Nov 2026, 18:00' in the reader's zone, or null when it cannot be read. */
export function dateTimeText(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateTime().format(date);
}

/** A mark as the teacher gave it: 'Good', '80%'. */
export function markText(mark: string): string {
  if (mark in messages.marks) return messages.marks[mark as keyof typeof messages.marks];
  return /^\d+$/.test(mark) ? messages.percentMark(mark) : mark;
}

/** A recording's length as '0:41' or '1:05:00'; null when unknown. */
export function lengthText(seconds: number | null | undefined): string | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return null;
  const whole = Math.round(seconds);
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const pad = (value: number) => String(value).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** Whether the answer came (or, still pending, is) after the due date. */
export function isLate(assignment: Assignment, now: Date = new Date()): boolean {
  if (!assignment.due_at) return false;
  const due = new Date(assignment.due_at).getTime();
  if (Number.isNaN(due)) return false;
  const answered = assignment.answer?.answered_at ? new Date(assignment.answer.answered_at).getTime() : null;
  if (answered !== null && !Number.isNaN(answered)) return answered > due;
  return !assignment.student_status && now.getTime() > due;
}

/** Where an assignment stands, in the teacher's words: 'To do', 'Answered' (or 'Done'), 'Marked: Good'. */
export function stateText(assignment: Assignment): string {
  if (assignment.feedback) return assignment.feedback.mark ? messages.stateMarked(markText(assignment.feedback.mark)) : messages.stateFeedbackGiven;
  if (!assignment.student_status) return messages.stateToDo;
  return assignment.answer_kind === 'done' ? messages.stateDone : messages.stateAnswered;
}

/**
 * The name a student's answer file is downloaded under: the name the student gave it, cleaned by
 * `downloadName`, with the extension of the stored file (the provider names it by its content), so
 * a text answer named `homework.html` downloads as `homework.txt`: the student's name alone never
 * chooses the type.
 */
export function answerDownloadName(fileName: string | null | undefined, fileUrl: string): string {
  const storedName = fileUrl.split(/[?#]/)[0]!.split('/').pop() ?? '';
  return downloadName(fileName ?? null, /\.[a-z0-9]{1,5}$/i.exec(storedName)?.[0] ?? '');
}
