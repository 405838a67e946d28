import { skipToken } from '@reduxjs/toolkit/query/react';
import { api, isUnsupported, type UnreadMessages, useGetStudentUnreadMessagesQuery, useGetTeacherUnreadMessagesQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { selectStudentId, selectTeacherId } from '@/features/session/sessionSlices';

/** How often the unread counts are read again while a page of the area is open. */
export const UNREAD_POLLING_MS = 30_000;

export interface UnreadCounts {
  /** Unread messages over all conversations; null while unknown or on a provider without counts. */
  total: number | null;
  /** Unread messages from one other person (a teacher for a student, a student for a teacher); null as `total`. */
  countFrom: (otherId: number) => number | null;
}

/** An answer that holds counts: anything else (null, an HTML page's text, another shape) gives none. */
function holdsCounts(data: unknown): data is UnreadMessages {
  if (typeof data !== 'object' || data === null) return false;
  const { total, conversations } = data as Partial<UnreadMessages>;
  return typeof total === 'number' && Array.isArray(conversations);
}

function countsOf(data: unknown, side: 'student' | 'teacher'): UnreadCounts {
  if (!holdsCounts(data)) return { total: null, countFrom: () => null };
  const byOther = new Map(
    data.conversations.map((conversation) => [side === 'student' ? conversation.teacher_id : conversation.student_id, conversation.unread]),
  );
  return { total: data.total, countFrom: (otherId) => byOther.get(otherId) ?? 0 };
}

/**
 * The logged-in student's (or teacher's) unread messages, per conversation and in total, read
 * every 30 seconds while the tab is in use (an extension: on a provider without it, 404 or
 * 405, there are no counts and no error, and it is not asked again). Reading a conversation
 * (`markMessagesRead`) updates the counts through the cache tags.
 */
export function useUnreadCounts(side: 'student' | 'teacher'): UnreadCounts {
  const studentId = useAppSelector(selectStudentId);
  const teacherId = useAppSelector(selectTeacherId);
  const options = (missing: boolean) => ({ pollingInterval: missing ? 0 : UNREAD_POLLING_MS, skipPollingIfUnfocused: true });

  const studentArg = side === 'student' && studentId !== null ? { studentId } : skipToken;
  const teacherArg = side === 'teacher' && teacherId !== null ? { teacherId } : skipToken;
  // What the cache holds already decides whether to keep asking.
  const studentMissing = useAppSelector((state) => {
    const cached = api.endpoints.getStudentUnreadMessages.select(studentArg)(state as never);
    return cached.isError && isUnsupported(cached.error);
  });
  const teacherMissing = useAppSelector((state) => {
    const cached = api.endpoints.getTeacherUnreadMessages.select(teacherArg)(state as never);
    return cached.isError && isUnsupported(cached.error);
  });
  const student = useGetStudentUnreadMessagesQuery(studentArg, options(studentMissing));
  const teacher = useGetTeacherUnreadMessagesQuery(teacherArg, options(teacherMissing));

  const result = side === 'student' ? student : teacher;
  // Only an answer gives counts; a failure of any kind shows none (they are an extra, not the page).
  return countsOf(result.isError ? undefined : result.data, side);
}
