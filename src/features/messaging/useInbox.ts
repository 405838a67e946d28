import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  api,
  type Conversation,
  isUnsupported,
  mediaUrl,
  type Message,
  useFetchAllEnrolledStudentsQuery,
  useFetchMyTeachersQuery,
  useListStudentConversationsQuery,
  useListTeacherConversationsQuery,
} from '@/api';
import { useAppSelector } from '@/app/hooks';
import { selectStudentId, selectTeacherId } from '@/features/session/sessionSlices';
import { inboxMessages as messages } from './inboxMessages';
import { UNREAD_POLLING_MS, useUnreadCounts } from './useUnreadCounts';

/** One conversation of the inbox, seen from the reader's side. */
export interface InboxEntry {
  /** The other person's id: the teacher's for a student, the student's for a teacher. */
  otherId: number;
  otherName: string;
  /** The other person's photo (teachers only), an absolute address; null for initials. */
  photo: string | null;
  /** The newest message, null when there is none yet, undefined when the provider does not say (no inbox extension). */
  lastMessage: Message | null | undefined;
  /** Unread messages from the other person; null when the provider does not count them. */
  unread: number | null;
}

export interface Inbox {
  /** The conversations, newest first (by name without the extension); undefined while loading. */
  entries: InboxEntry[] | undefined;
  error: unknown;
  isError: boolean;
  refetch: () => void;
  /** Whether the provider has the inbox extension (and the voice notes that come with it). */
  extended: boolean;
}

const nameOr = (name: string | undefined, id: number) => name?.trim() || messages.unknownPerson(id);

function fromConversations(rows: Conversation[], side: 'student' | 'teacher'): InboxEntry[] {
  return rows.map((row) => {
    const other = side === 'student' ? row.teacher : row.student;
    return {
      otherId: other.id,
      otherName: nameOr(other.full_name, other.id),
      photo: side === 'student' ? mediaUrl(row.teacher.profile_img) : null,
      lastMessage: row.last_message,
      unread: row.unread,
    };
  });
}

const byName = (a: InboxEntry, b: InboxEntry) => a.otherName.localeCompare(b.otherName, 'en-GB');

/**
 * The inbox of one side in one call (extension `listStudentConversations` /
 * `listTeacherConversations`), read again every 30 seconds while the tab is in use and whenever a
 * message is sent or read (cache tags). On a provider without it (404/405) the inbox is built from
 * what the spec offers, without last messages: the student's teachers (or the teacher's students),
 * with the unread counts where the provider has them.
 */
function useInbox(
  side: 'student' | 'teacher',
  inbox: { data?: unknown; error?: unknown; isError: boolean; refetch: () => unknown },
  people: { data: { otherId: number; otherName: string; photo: string | null }[] | undefined; error?: unknown; isError: boolean; refetch: () => unknown },
  missing: boolean,
): Inbox {
  const unread = useUnreadCounts(side);
  if (!missing) {
    const rows = Array.isArray(inbox.data) ? fromConversations(inbox.data as Conversation[], side) : undefined;
    return { entries: rows, error: inbox.error, isError: inbox.isError, refetch: () => void inbox.refetch(), extended: true };
  }
  const entries = people.data
    ?.map((person) => ({ ...person, lastMessage: undefined, unread: unread.countFrom(person.otherId) }))
    .sort(byName);
  return { entries, error: people.error, isError: people.isError, refetch: () => void people.refetch(), extended: false };
}

/** Whether an inbox answer means the provider has no inbox: 404/405, or an answer that is not a list. */
function inboxMissing(result: { data?: unknown; error?: unknown; isError: boolean; isSuccess: boolean }): boolean {
  return (result.isError && isUnsupported(result.error)) || (result.isSuccess && !Array.isArray(result.data));
}

/** The logged-in student's inbox: a conversation per teacher. */
export function useStudentInbox(): Inbox {
  const studentId = useAppSelector(selectStudentId);
  const arg = studentId === null ? skipToken : { studentId };
  // What the cache holds already decides whether to keep asking.
  const missingBefore = useAppSelector((state) => inboxMissing(api.endpoints.listStudentConversations.select(arg)(state as never)));
  const inbox = useListStudentConversationsQuery(arg, { pollingInterval: missingBefore ? 0 : UNREAD_POLLING_MS, skipPollingIfUnfocused: true });
  const missing = inboxMissing(inbox);
  const teachers = useFetchMyTeachersQuery(missing && studentId !== null ? { studentId } : skipToken);
  const people = teachers.data?.map(({ id, teacher }) => ({ otherId: id, otherName: nameOr(teacher.full_name, id), photo: mediaUrl(teacher.profile_img) }));
  return useInbox('student', inbox, { ...teachers, data: people }, missing);
}

/** The logged-in teacher's inbox: a conversation per student. */
export function useTeacherInbox(): Inbox {
  const teacherId = useAppSelector(selectTeacherId);
  const arg = teacherId === null ? skipToken : { teacherId };
  // What the cache holds already decides whether to keep asking.
  const missingBefore = useAppSelector((state) => inboxMissing(api.endpoints.listTeacherConversations.select(arg)(state as never)));
  const inbox = useListTeacherConversationsQuery(arg, { pollingInterval: missingBefore ? 0 : UNREAD_POLLING_MS, skipPollingIfUnfocused: true });
  const missing = inboxMissing(inbox);
  const students = useFetchAllEnrolledStudentsQuery(missing && teacherId !== null ? { teacherId } : skipToken);
  const seen = new Set<number>();
  const people = students.data?.flatMap(({ student }) => {
    if (!student || seen.has(student.id)) return [];
    seen.add(student.id);
    return [{ otherId: student.id, otherName: nameOr(student.full_name, student.id), photo: null }];
  });
  return useInbox('teacher', inbox, { ...students, data: people }, missing);
}
