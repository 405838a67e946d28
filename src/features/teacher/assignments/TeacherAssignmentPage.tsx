import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { type ReactNode, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { type Assignment, type AssignmentAnswer, type AssignmentFeedback, classifyError, errorText, mediaUrl, useGetAssignmentQuery } from '@/api';
import { LoadError } from '@/components/LoadError';
import { AudioPlayer } from '@/components/recorder/AudioPlayer';
import { PageHeading } from '@/components/PageHeading';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { FactList } from '@/components/FactList';
import { ServerMessage } from '@/components/ServerMessage';
import { paths } from '@/config/paths';
import { parseIdParam } from '@/config/routeParams';
import { answerDownloadName, dateTimeText, isLate, lengthText, markText } from './assignmentFacts';
import { teacherAssignmentMessages as messages } from './assignmentMessages';
import { FeedbackForm } from './FeedbackForm';

/** A recording with its player (its length the provider's measure, else the browser's), named by what it is and its length. */
function Recording({ url, label, seconds }: { url: string; label: string; seconds: number | null | undefined }) {
  const src = mediaUrl(url);
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      {src ? <AudioPlayer src={src} label={label} seconds={seconds} /> : null}
    </Box>
  );
}

function Section({ id, title, children, headingRef }: { id: string; title: string; children: ReactNode; headingRef?: React.Ref<HTMLHeadingElement> }) {
  return (
    <section aria-labelledby={id}>
      <Typography id={id} ref={headingRef} tabIndex={-1} variant="h2" sx={{ fontSize: '1.5rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </section>
  );
}

/**
 * What the student handed in: the recording, the text or the file (its name as text, downloaded
 * under that name cleaned with the stored file's extension), and when.
 */
function AnswerView({ assignment, answer }: { assignment: Assignment; answer: AssignmentAnswer }) {
  const answered = dateTimeText(answer.answered_at);
  const length = lengthText(answer.voice_seconds);
  return (
    <Stack spacing={2}>
      {answered ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography>{messages.answeredOn(answered)}</Typography>
          {isLate(assignment) ? <Chip label={messages.stateLate} color="warning" variant="outlined" size="small" /> : null}
        </Stack>
      ) : null}
      {answer.voice ? <Recording url={answer.voice} seconds={answer.voice_seconds} label={length ? messages.voiceAnswerLabel(length) : messages.voiceAnswerNoLength} /> : null}
      {answer.text ? (
        <Paper variant="outlined" sx={{ p: 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {answer.text}
        </Paper>
      ) : null}
      {answer.file ? (
        <Link href={mediaUrl(answer.file) ?? undefined} download={answerDownloadName(answer.file_name, answer.file)} sx={{ alignSelf: 'flex-start', overflowWrap: 'anywhere' }}>
          {messages.downloadFile(answer.file_name?.trim() || messages.unnamedFile)}
        </Link>
      ) : null}
    </Stack>
  );
}

/** Feedback already given: the text, the voice note, the mark and when. */
function FeedbackView({ feedback }: { feedback: AssignmentFeedback }) {
  const given = dateTimeText(feedback.marked_at);
  const length = lengthText(feedback.voice_seconds);
  return (
    <Stack spacing={2}>
      <FactList
        facts={[
          ...(feedback.mark ? [[messages.markLabel, markText(feedback.mark)] as const] : []),
          ...(given ? [[messages.givenLabel, given] as const] : []),
        ]}
      />
      {feedback.text ? (
        <Paper variant="outlined" sx={{ p: 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {feedback.text}
        </Paper>
      ) : null}
      {feedback.voice ? <Recording url={feedback.voice} seconds={feedback.voice_seconds} label={length ? messages.feedbackVoice(length) : messages.feedbackVoiceNoLength} /> : null}
    </Stack>
  );
}

function FeedbackSection({ assignment }: { assignment: Assignment }) {
  const [changing, setChanging] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const feedback = assignment.feedback ?? null;
  const done = () => {
    setChanging(false);
    // The form is gone: the focus goes to the feedback now shown.
    window.setTimeout(() => headingRef.current?.focus(), 0);
  };

  let content: ReactNode;
  if (!assignment.student_status) content = <Typography>{messages.feedbackNotYet}</Typography>;
  else if (feedback && !changing) {
    content = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <FeedbackView feedback={feedback} />
        <Button ref={changeRef} variant="outlined" onClick={() => setChanging(true)}>
          {messages.changeFeedback}
        </Button>
      </Stack>
    );
  } else {
    content = (
      <Stack spacing={2}>
        <FeedbackForm assignment={assignment} onSaved={done} />
        {feedback ? (
          <Button
            variant="text"
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => {
              setChanging(false);
              window.setTimeout(() => changeRef.current?.focus(), 0);
            }}
          >
            {messages.cancelChange}
          </Button>
        ) : null}
      </Stack>
    );
  }
  return (
    <Section id="assignment-feedback" title={feedback && !changing ? messages.yourFeedback : messages.feedbackHeading} headingRef={headingRef}>
      {content}
    </Section>
  );
}

function AssignmentView({ assignment }: { assignment: Assignment }) {
  const student = typeof assignment.student === 'object' && assignment.student !== null ? assignment.student : null;
  const due = dateTimeText(assignment.due_at);
  const kind = assignment.answer_kind ?? 'done';
  const answer = assignment.answer ?? null;
  return (
    <Stack spacing={4}>
      <Stack spacing={2}>
        <FactList
          facts={[
            [
              messages.studentLabel,
              student ? (
                <Link component={RouterLink} to={paths.viewStudent(student.id)}>
                  {student.full_name?.trim() || `#${student.id}`}
                </Link>
              ) : (
                '—'
              ),
            ],
            [messages.answerKindLabel, messages.kindNames[kind]],
            [messages.dueLabelShort, due ?? messages.noDueDate],
          ]}
        />
        {assignment.detail ? <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{assignment.detail}</Typography> : null}
      </Stack>
      <Section id="assignment-answer" title={messages.answerHeading}>
        {answer ? (
          <AnswerView assignment={assignment} answer={answer} />
        ) : (
          <Typography>{assignment.student_status ? messages.markedDone : messages.noAnswerYet}</Typography>
        )}
      </Section>
      <FeedbackSection assignment={assignment} />
    </Stack>
  );
}

/**
 * /teacher-assignment/:assignment_id (extension `getAssignment`): one assignment as its teacher
 * sees it: the task, the student (linking to View Student), the due date, the student's answer
 * (the recording with its length, the text, or the file to download, its name shown as text),
 * and the feedback: the form (text, voice note, mark on the assignment's scale), or the feedback
 * already given with 'Change feedback'.
 */
export function TeacherAssignmentPage() {
  const assignmentId = parseIdParam(useParams().assignment_id);
  const { data, error, refetch } = useGetAssignmentQuery(assignmentId === null ? skipToken : { assignmentId });

  let content: ReactNode;
  if (assignmentId === null) content = <ServerMessage tone="error">{messages.invalidAssignmentId}</ServerMessage>;
  else if (data !== undefined) content = <AssignmentView assignment={data} />;
  else if (error) {
    const { kind } = classifyError(error);
    content =
      kind === 'notFound' || kind === 'forbidden' ? (
        <ServerMessage tone="error">{kind === 'notFound' ? messages.assignmentNotFound : messages.assignmentForbidden}</ServerMessage>
      ) : (
        <LoadError message={errorText(error, messages.assignmentLoadFailed)} onRetry={() => void refetch()} />
      );
  } else content = <RowsSkeleton label={messages.loadingAssignment} rowHeight={48} />;

  return (
    <PageHeading title={data?.title ?? messages.assignmentPageTitle}>
      <Stack spacing={3}>
        <Link component={RouterLink} to={paths.teacherAnswers} sx={{ alignSelf: 'flex-start' }}>
          {messages.backToAnswers}
        </Link>
        {content}
      </Stack>
    </PageHeading>
  );
}
