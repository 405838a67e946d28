import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { type Enrollment, type Student, errorText } from '@/api';
import { LoadError } from '@/components/LoadError';
import { ResponsiveRows, type RowColumn } from '@/components/ResponsiveRows';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { paths } from '@/config/paths';
import { teacherStudentMessages as messages } from './studentMessages';
import { teacherAreaMessages } from '../area/messages';

/** One row per student, in the order of their first enrolment, however many records a provider sends. */
export function distinctStudents(enrolments: readonly Enrollment[]): Student[] {
  const seen = new Set<number>();
  return enrolments.flatMap(({ student }) => {
    if (!student || seen.has(student.id)) return [];
    seen.add(student.id);
    return [student];
  });
}

/** The name to show for a student (the username or the id when the provider gave no name). */
export function studentName(student: Student): string {
  return student.full_name?.trim() || student.username?.trim() || `#${student.id}`;
}

interface StudentsTableProps {
  /** The list read so far (undefined while loading). */
  enrolments: readonly Enrollment[] | undefined;
  error: unknown;
  onRetry: () => void;
  /** Shown when the list is empty. */
  empty: string;
  /** The actions of one student's row. */
  actions: (student: Student) => ReactNode;
  /** Columns shown before the actions (progress, unread messages), in order; null leaves one out. */
  extraColumns?: readonly (Pick<RowColumn<Student>, 'header' | 'cell' | 'sx'> | null)[];
}

/**
 * The teacher's students as a table of name (linking to the student's page), e-mail, username
 * and actions, one row per student (cards on a phone); a Skeleton while loading, the reason and Retry on failure.
 */
export function StudentsTable({ enrolments, error, onRetry, empty, actions, extraColumns = [] }: StudentsTableProps) {
  if (enrolments === undefined) {
    if (error) return <LoadError message={errorText(error, messages.studentsFailed)} onRetry={onRetry} />;
    return <RowsSkeleton label={messages.loadingStudents} rowHeight={48} />;
  }
  const students = distinctStudents(enrolments);
  if (students.length === 0) return <Typography>{empty}</Typography>;
  return (
    <ResponsiveRows
      rows={students}
      rowKey={(student) => student.id}
      label={messages.studentsTableLabel}
      columns={[
        {
          header: messages.nameColumn,
          role: 'title',
          cell: (student) => (
            <Link component={RouterLink} to={paths.viewStudent(student.id)}>
              {studentName(student)}
            </Link>
          ),
        },
        { header: messages.emailColumn, cell: (student) => student.email },
        { header: messages.usernameColumn, cell: (student) => student.username },
        ...extraColumns,
        { header: teacherAreaMessages.actionColumn, role: 'actions', cell: actions },
      ]}
    />
  );
}
