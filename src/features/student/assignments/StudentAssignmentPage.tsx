import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { type Assignment, type AssignmentAnswer, type AssignmentFeedback, errorText, isNotFound, useGetAssignmentQuery } from '@/api';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { AudioPlayer } from '@/components/recorder/AudioPlayer';
import { paths } from '@/config/paths';
import { AnswerForm } from './AnswerForm';
import { assignmentMessages as messages } from './assignmentMessages';
import { answerKindOf, dueOf, kindName, longDate, markText } from './assignmentState';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {label}:
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** What the student handed in: the recording, the text or the file, and a note. */
function AnswerView({ answer }: { answer: AssignmentAnswer }) {
  return (
    <Stack spacing={1.5} sx={{ maxWidth: 640 }}>
      {answer.voice ? <AudioPlayer src={answer.voice} label={messages.listenAnswer} seconds={answer.voice_seconds} /> : null}
      {answer.file ? (
        <Typography>
          <Link href={answer.file} target="_blank" rel="noopener">
            {messages.openFile(answer.file_name || 'the file')}
          </Link>
        </Typography>
      ) : null}
      {answer.text ? <Typography sx={{ whiteSpace: 'pre-line' }}>{answer.text}</Typography> : null}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {messages.answeredOn(longDate(answer.answered_at))}
      </Typography>
    </Stack>
  );
}

/** The teacher's feedback: the mark, the text and the voice note. */
function FeedbackView({ feedback }: { feedback: AssignmentFeedback }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="feedback-heading" sx={{ p: 2, maxWidth: 640 }}>
      <Typography variant="h2" id="feedback-heading" sx={{ fontSize: '1.375rem', mb: 1.5 }}>
        {messages.feedbackHeading}
      </Typography>
      <Stack spacing={1.5}>
        {feedback.mark ? (
          <Typography sx={{ fontWeight: 600 }}>
            {messages.markLabel}: {markText(feedback.mark)}
          </Typography>
        ) : null}
        {feedback.text ? <Typography sx={{ whiteSpace: 'pre-line' }}>{feedback.text}</Typography> : null}
        {feedback.voice ? <AudioPlayer src={feedback.voice} label={messages.teacherVoice} seconds={feedback.voice_seconds} /> : null}
      </Stack>
    </Paper>
  );
}

function AnswerSection({ assignment }: { assignment: Assignment }) {
  const kind = answerKindOf(assignment);
  const [changing, setChanging] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { answer, feedback } = assignment;

  const backToAnswer = () => {
    setChanging(false);
    headingRef.current?.focus();
  };

  let body;
  if (kind === 'done') {
    body = (
      <Typography>
        {assignment.student_status ? messages.doneAlready : messages.doneOnly}{' '}
        <Link component={RouterLink} to={paths.myAssignments}>
          {messages.backToList}
        </Link>
      </Typography>
    );
  } else if (answer && (feedback || !changing)) {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <AnswerView answer={answer} />
        {feedback ? (
          <Typography>{messages.answerFinal}</Typography>
        ) : (
          <>
            <Typography>{messages.awaitingFeedback}</Typography>
            <Button variant="outlined" onClick={() => setChanging(true)}>
              {messages.changeAnswer}
            </Button>
          </>
        )}
      </Stack>
    );
  } else {
    body = (
      <AnswerForm
        assignment={assignment}
        kind={kind}
        initialText={answer?.text ?? ''}
        onHandedIn={backToAnswer}
        onCancel={answer ? backToAnswer : undefined}
      />
    );
  }

  return (
    <Stack spacing={3}>
      {kind === 'done' ? null : (
        <Box component="section" aria-labelledby="answer-heading">
          <Typography variant="h2" id="answer-heading" ref={headingRef} tabIndex={-1} sx={{ fontSize: '1.375rem', mb: 1.5 }}>
            {messages.answerHeading}
          </Typography>
          {body}
        </Box>
      )}
      {kind === 'done' ? body : null}
      {feedback ? <FeedbackView feedback={feedback} /> : null}
    </Stack>
  );
}

/**
 * /my-assignments/:assignment_id (extension `getAssignment`, student login): the assignment's title,
 * detail, teacher and due date, and the answer for its kind: recorded, written or a file. Once
 * handed in, the answer shows with 'Change answer' until the teacher gives feedback; then the
 * feedback and the mark show, and the answer is final.
 */
export function StudentAssignmentPage() {
  const { assignment_id: param } = useParams();
  const assignmentId = Number(param);
  const valid = Number.isInteger(assignmentId) && assignmentId > 0;
  const { data, error, isError, refetch } = useGetAssignmentQuery(valid ? { assignmentId } : skipToken);

  if (!valid || (data === undefined && isError && isNotFound(error))) {
    return (
      <PageHeading title={messages.notFound}>
        <Button variant="contained" component={RouterLink} to={paths.myAssignments}>
          {messages.backToList}
        </Button>
      </PageHeading>
    );
  }
  if (data === undefined) {
    return (
      <PageHeading title={messages.pageLoading}>
        {isError ? (
          <LoadError message={errorText(error, messages.pageFailed)} onRetry={() => void refetch()} />
        ) : (
          <Box role="status" aria-label={messages.pageLoading}>
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="rectangular" height={120} sx={{ mt: 2, maxWidth: 640 }} />
          </Box>
        )}
      </PageHeading>
    );
  }

  const kind = answerKindOf(data);
  const due = dueOf(data, Boolean(data.student_status));
  return (
    <PageHeading title={data.title}>
      <Stack spacing={3}>
        <Link component={RouterLink} to={paths.myAssignments} sx={{ alignSelf: 'flex-start' }}>
          {messages.backToList}
        </Link>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
          {data.teacher ? (
            <Fact label={messages.teacherLabel}>
              <Link component={RouterLink} to={paths.teacherDetail(data.teacher.id)}>
                {data.teacher.full_name || data.teacher.id}
              </Link>
            </Fact>
          ) : null}
          <Fact label={messages.dueLabel}>
            {due ? (
              <Box component="span" sx={{ color: due.late ? 'error.main' : undefined, display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: due.late ? 600 : undefined }}>
                {due.late ? <ErrorOutlinedIcon fontSize="inherit" aria-hidden /> : null}
                {due.text}
                {data.due_at ? ` (${longDate(data.due_at)})` : null}
              </Box>
            ) : (
              messages.noDueDate
            )}
          </Fact>
          <Fact label={messages.kindFact}>{kindName(kind)}</Fact>
        </Box>
        {data.detail ? <Typography sx={{ whiteSpace: 'pre-line', maxWidth: '70ch' }}>{data.detail}</Typography> : null}
        <AnswerSection assignment={data} />
      </Stack>
    </PageHeading>
  );
}
