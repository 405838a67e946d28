import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorText, isQueuedOffline, type ReviewCard, useSendReviewAnswersMutation } from '@/api';
import { useAppSelector } from '@/app/hooks';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { formatterOnFirstUse } from '@/components/plainFormat';
import { ServerMessage } from '@/components/ServerMessage';
import { paths } from '@/config/paths';
import { selectStudentId } from '@/features/session/sessionSlices';
import { PendingChangeNote } from '@/offline/PendingChangeNote';
import { usePendingChanges } from '@/offline/pendingChanges';
import { practiceMessages as messages } from './practiceMessages';
import { type Rating, ReviewSession } from './ReviewSession';
import { useReviewDeck } from './useReviewDeck';

const day = formatterOnFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }));
const formatDate = (iso: string) => day().format(new Date(iso));

/**
 * /review — the student's due cards across their courses, graded one at a time (Again, Hard, Good,
 * Easy). Each grade is sent at once; offline it waits in the outbox (a note says so until it is
 * sent) and goes in order when the connection is back (the provider schedules with FSRS and keeps the latest answer of each card).
 * The cards due when the screen opened stay the session's, whatever the answers change.
 */
export function ReviewPage() {
  const deck = useReviewDeck();
  const [session, setSession] = useState<readonly ReviewCard[] | null>(null);
  const [sendAnswers] = useSendReviewAnswersMutation();
  // The note stands while a grade waits in the outbox: once sent, it goes.
  const queued = usePendingChanges(useAppSelector(selectStudentId)).some((change) => change.endpoint === 'sendReviewAnswers');
  const [notSaved, setNotSaved] = useState(false);
  if (session === null && deck.data !== undefined) setSession(deck.due);

  function rate(card: ReviewCard, rating: Rating, reviewedAt: string) {
    sendAnswers({ reviewAnswersForm: { answers: [{ exercise_id: card.exercise.id, rating, reviewed_at: reviewedAt }] } })
      .unwrap()
      .catch((error: unknown) => {
        if (!isQueuedOffline(error)) setNotSaved(true);
      });
  }

  let content;
  if (session !== null && deck.data !== undefined) {
    if (session.length === 0) {
      const next = deck.data.cards.map((card) => card.due).sort()[0];
      content = (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>{deck.data.cards.length === 0 ? messages.emptyDeck : messages.nothingDue}</Typography>
          {next !== undefined ? <Typography>{messages.nextDue(formatDate(next))}</Typography> : null}
        </Stack>
      );
    } else {
      content = (
        <ReviewSession
          cards={session}
          onRate={rate}
          finish={
            <Button variant="contained" component={RouterLink} to={paths.studentDashboard}>
              {messages.backToDashboard}
            </Button>
          }
        />
      );
    }
  } else if (deck.isError) {
    content = <LoadError message={errorText(deck.error, messages.deckFailed)} onRetry={() => void deck.refetch()} />;
  } else {
    content = (
      <Stack spacing={2} role="status" aria-label={messages.loadingDeck} sx={{ maxWidth: 640 }}>
        {[40, 56, 120].map((height, row) => (
          <Skeleton key={row} variant="rounded" height={height} />
        ))}
      </Stack>
    );
  }

  return (
    <PageHeading title={messages.review}>
      {notSaved ? <ServerMessage tone="error">{messages.ratingNotSaved}</ServerMessage> : null}
      {queued ? <PendingChangeNote /> : null}
      {content}
    </PageHeading>
  );
}
