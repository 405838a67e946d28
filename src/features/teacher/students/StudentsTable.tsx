import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { type Enrollment, type Student, errorText } from '@/api';
import { LoadError } from '@/components/LoadError';
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
  /** A column shown before the actions (e.g. unread messages), when given. */
  extraColumn?: { header: string; cell: (student: Student) => ReactNode };
}

/**
 * The teacher's students as a table of name (linking to the student's page), e-mail, username
 * and actions, one row per student; a Skeleton while loading, the reason and Retry on failure.
 */
export function StudentsTable({ enrolments, error, onRetry, empty, actions, extraColumn }: StudentsTableProps) {
  if (enrolments === undefined) {
    if (error) return <LoadError message={errorText(error, messages.studentsFailed)} onRetry={onRetry} />;
    return (
      <Stack spacing={1} role="status" aria-label={messages.loadingStudents}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={48} />
        ))}
      </Stack>
    );
  }
  const students = distinctStudents(enrolments);
  if (students.length === 0) return <Typography>{empty}</Typography>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={messages.studentsTableLabel}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {messages.nameColumn}
            </TableCell>
            <TableCell component="th" scope="col">
              {messages.emailColumn}
            </TableCell>
            <TableCell component="th" scope="col">
              {messages.usernameColumn}
            </TableCell>
            {extraColumn ? (
              <TableCell component="th" scope="col">
                {extraColumn.header}
              </TableCell>
            ) : null}
            <TableCell component="th" scope="col">
              {teacherAreaMessages.actionColumn}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {students.map((student) => (
            <TableRow key={student.id}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                <Link component={RouterLink} to={paths.viewStudent(student.id)}>
                  {studentName(student)}
                </Link>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{student.email}</TableCell>
              <TableCell>{student.username}</TableCell>
              {extraColumn ? <TableCell>{extraColumn.cell(student)}</TableCell> : null}
              <TableCell>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {actions(student)}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
