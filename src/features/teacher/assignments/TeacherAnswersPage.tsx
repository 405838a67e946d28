import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { type Assignment, errorText, useListTeacherAnswersQuery } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { ResponsiveRows } from '@/components/ResponsiveRows';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { paths } from '@/config/paths';
import { selectTeacherId } from '@/features/session/sessionSlices';
import { dateTimeText, isLate, markText } from './assignmentFacts';
import { teacherAssignmentMessages as messages } from './assignmentMessages';
import { ANSWERS_PAGE_SIZE, useAnswersToMark } from './useAnswersToMark';

type AnswersTab = 'unmarked' | 'marked';

const studentOf = (assignment: Assignment) => (typeof assignment.student === 'object' && assignment.student !== null ? assignment.student : null);
const studentNameOf = (assignment: Assignment) => {
  const student = studentOf(assignment);
  return student ? student.full_name?.trim() || `#${student.id}` : '—';
};

/** One tab's answers, paged by `ANSWERS_PAGE_SIZE` with 'Show more'. */
function AnswersList({ teacherId, tab, label }: { teacherId: number; tab: AnswersTab; label: string }) {
  const [pages, setPages] = useState(1);
  const { data, error, isFetching, refetch } = useListTeacherAnswersQuery({ teacherId, status: tab, limit: pages * ANSWERS_PAGE_SIZE, offset: 0 });
  const rowsRef = useRef<HTMLDivElement>(null);
  /** After 'Show more': the row whose Open takes the focus once it is there (the button may go). */
  const focusRow = useRef<number | null>(null);
  const shown = data?.items.length ?? 0;
  useEffect(() => {
    if (focusRow.current === null || shown <= focusRow.current) return;
    rowsRef.current?.querySelectorAll<HTMLElement>('[data-answer-open]')[focusRow.current]?.focus();
    focusRow.current = null;
  }, [shown]);

  if (data === undefined) {
    return error ? (
      <LoadError message={errorText(error, messages.answersFailed)} onRetry={() => void refetch()} />
    ) : (
      <RowsSkeleton label={messages.loadingAnswers} rowHeight={48} />
    );
  }
  if (data.items.length === 0) return <Typography>{tab === 'unmarked' ? messages.noAnswersToMark : messages.noMarkedAnswers}</Typography>;

  return (
    <Stack spacing={2}>
      {error ? <LoadError message={errorText(error, messages.answersFailed)} onRetry={() => void refetch()} /> : null}
      <ResponsiveRows
        rows={data.items}
        rowKey={(assignment) => assignment.id}
        label={label}
        containerRef={rowsRef}
        columns={[
          { header: messages.assignmentColumn, role: 'title', cell: (assignment) => assignment.title },
          {
            header: messages.studentColumn,
            cell: (assignment) => {
              const student = studentOf(assignment);
              return student ? (
                <Link component={RouterLink} to={paths.viewStudent(student.id)}>
                  {studentNameOf(assignment)}
                </Link>
              ) : (
                '—'
              );
            },
          },
          { header: messages.kindColumn, cell: (assignment) => messages.kindNames[assignment.answer_kind ?? 'done'] },
          { header: messages.answeredColumn, cell: (assignment) => dateTimeText(assignment.answer?.answered_at) ?? '—' },
          {
            header: messages.onTimeColumn,
            cell: (assignment) =>
              !assignment.due_at ? '—' : isLate(assignment) ? <Chip label={messages.late} color="warning" variant="outlined" size="small" /> : messages.onTime,
          },
          tab === 'marked' && {
            header: messages.markColumn,
            cell: (assignment) => (assignment.feedback?.mark ? markText(assignment.feedback.mark) : '—'),
          },
          {
            header: messages.actionColumn,
            role: 'actions',
            cell: (assignment) => (
              <Button
                component={RouterLink}
                to={paths.teacherAssignment(assignment.id)}
                variant="outlined"
                size="small"
                data-answer-open=""
                aria-label={`${messages.openLink} ${assignment.title}, ${studentNameOf(assignment)}`}
              >
                {messages.openLink}
              </Button>
            ),
          },
        ]}
      />
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" role="status">
          {messages.shownOfTotal(data.items.length, data.total)}
        </Typography>
        {data.items.length < data.total ? (
          <Button variant="outlined" disabled={isFetching} onClick={() => {
              focusRow.current = data.items.length;
              setPages((count) => count + 1);
            }}>
            {messages.showMore}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}

/**
 * /teacher-answers (extension `listTeacherAnswers`): the answers of the teacher's students, on
 * two tabs kept in the address: To mark (oldest first, with their count) and Marked (newest
 * first, with the mark). Each row: the assignment, the student, how it was answered, when, late
 * or on time, and Open to the assignment's page; 20 at a time with 'Show more'. A table on wide
 * screens, cards on a phone.
 */
export function TeacherAnswersPage() {
  const teacherId = useAppSelector(selectTeacherId);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AnswersTab = searchParams.get('status') === 'marked' ? 'marked' : 'unmarked';
  const toMark = useAnswersToMark(teacherId);
  const tabsId = useId();

  let content: ReactNode;
  if (teacherId === null) content = null;
  else if (!toMark.supported) {
    content = <Typography>{messages.answersUnsupported}</Typography>;
  } else {
    const tabLabel = tab === 'unmarked' ? messages.toMarkTab(null) : messages.markedTab;
    content = (
      <>
        <Tabs
          value={tab}
          onChange={(_event, value: AnswersTab) => setSearchParams(value === 'unmarked' ? {} : { status: value })}
          aria-label={messages.answersTabsLabel}
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="unmarked" label={messages.toMarkTab(toMark.count)} id={`${tabsId}-unmarked`} aria-controls={`${tabsId}-panel`} />
          <Tab value="marked" label={messages.markedTab} id={`${tabsId}-marked`} aria-controls={`${tabsId}-panel`} />
        </Tabs>
        <Box role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
          <AnswersList key={tab} teacherId={teacherId} tab={tab} label={messages.answersTableLabel(tabLabel)} />
        </Box>
      </>
    );
  }

  return <PageHeading title={messages.answersTitle}>{content}</PageHeading>;
}
