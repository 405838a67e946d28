import type { Lesson, TeacherLessons } from '@/api';
import { mockDb } from '@test/handlers/mockDb';

/** Now, in every suite about booking: Tuesday 1 December 2026, 10:00 UTC. Only `Date` is faked; timers run. */
export const NOW = '2026-12-01T10:00:00.000Z';

export function fakeNow(now = NOW): void {
  jest.useFakeTimers({
    now: new Date(now),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

/** The viewer's zone for lesson times, as a returning viewer chose it (the test's own, whatever the machine's). */
export function viewerZone(zone: string): void {
  window.localStorage.setItem('lessonTimeZone', zone);
}

export const trialType = { id: 2, teacher_id: 4, title: 'Trial lesson', minutes: 25, free_trial: true, price: '0.00', languages: ['Yoruba'] } as const;
export const paidType = { id: 3, teacher_id: 4, title: 'Conversation practice', minutes: 50, free_trial: false, price: '20.00', languages: ['Yoruba', 'Igbo'] } as const;

/**
 * Teacher 4 (Amara Obi) in Lagos (UTC+1), teaching on Monday mornings 09:00–11:00, 12 hours'
 * notice, a 24-hour cancellation window, a free trial and a paid 50-minute lesson.
 */
export function arrangeTeacherLessons(change: Partial<TeacherLessons> = {}): void {
  mockDb.lessons[4] = {
    teacher_id: 4,
    time_zone: 'Africa/Lagos',
    min_notice_hours: 12,
    cancellation_hours: 24,
    weekly_hours: [{ weekday: 1, start: '09:00', end: '11:00' }],
    days_off: [],
    lesson_types: [{ ...trialType, languages: [...trialType.languages] }, { ...paidType, languages: [...paidType.languages] }],
    ...change,
  };
}

/** A lesson of teacher 4 with student 7 (Ada Lovelace), booked and paid unless changed. */
export function lessonOf(change: Partial<Lesson> & Pick<Lesson, 'id' | 'starts_at'>): Lesson {
  const start = Date.parse(change.starts_at);
  const minutes = change.minutes ?? 50;
  return {
    teacher_id: 4,
    teacher_name: 'Amara Obi',
    student_id: 7,
    student_name: 'Ada Lovelace',
    lesson_type_id: paidType.id,
    title: paidType.title,
    minutes,
    free_trial: false,
    price: paidType.price,
    languages: ['Yoruba'],
    ends_at: new Date(start + minutes * 60_000).toISOString(),
    status: 'booked',
    pay_until: null,
    cancellable_until: new Date(start - 24 * 3_600_000).toISOString(),
    cancelled_by: null,
    cancel_reason: null,
    refund: null,
    ...change,
  };
}
