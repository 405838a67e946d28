import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { type ReactNode, useState } from 'react';
import { type ReviewCard, useGetCourseQuery } from '@/api';
import { courseLanguage } from '@/components/courseLanguage';
import { visuallyHidden } from '@/components/visuallyHidden';
import { AnswerStep } from './AnswerStep';
import { type AnswerCheck, checkAnswer } from './practiceExercise';
import { practiceMessages as messages } from './practiceMessages';
import { ResultPanel, spoken } from './ResultPanel';
import { SayExercise } from './SayExercise';

/** FSRS's four grades: 1 Again, 2 Hard, 3 Good, 4 Easy. */
export type Rating = 1 | 2 | 3 | 4;

function focusOnMount(node: HTMLElement | null) {
  node?.focus();
}

interface ReviewSessionProps {
  /** The cards to review, in order (taken when the session starts: answers do not reshuffle it). */
  cards: readonly ReviewCard[];
  /** Called with each card's grade and when it was given. */
  onRate: (card: ReviewCard, rating: Rating, reviewedAt: string) => void;
  /** Shown under the summary. */
  finish?: ReactNode;
}

/**
 * The due cards one at a time, across courses (each in its course's language): a typed or heard
 * item is answered and checked as in practice (Right, Almost, Wrong, said once in a polite live
 * region); a phrase to say is recorded beside the model; then the student grades it Again, Hard,
 * Good or Easy (the grade the verdict suggests has the focus), and the next card's prompt takes the focus. A summary says how many were reviewed.
 */
export function ReviewSession({ cards, onRate, finish }: ReviewSessionProps) {
  const [index, setIndex] = useState(0);
  const [outcome, setOutcome] = useState<AnswerCheck | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const card = cards[index];
  // The card's course tells its language (for `lang` and the special letters); read once a course.
  const course = useGetCourseQuery(card === undefined ? skipToken : { courseId: card.course_id });

  const liveRegion = (
    <Box role="status" aria-atomic="true" sx={visuallyHidden}>
      {announcement}
    </Box>
  );

  if (card === undefined) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {liveRegion}
        <Typography variant="h2" tabIndex={-1} ref={focusOnMount} sx={{ fontSize: '1.5rem', outline: 'none' }}>
          {messages.reviewDone}
        </Typography>
        <Typography>{messages.reviewed(cards.length)}</Typography>
        {finish}
      </Stack>
    );
  }

  const { exercise } = card;
  const language = courseLanguage(course.data?.languages);
  function check(answer: string) {
    const result = checkAnswer(exercise, answer);
    setOutcome(result);
    setAnnouncement(spoken(result, exercise.explanation, false));
  }
  function rate(rating: Rating) {
    onRate(card!, rating, new Date().toISOString());
    setIndex(index + 1);
    setOutcome(null);
    setAnnouncement('');
  }

  // The grade the verdict suggests, offered first: Good when right, Hard when almost, Again when wrong.
  const suggested: Rating = outcome?.verdict === 'right' ? 3 : outcome?.verdict === 'almost' ? 2 : 1;
  return (
    <Stack spacing={2} sx={{ alignItems: 'stretch', maxWidth: 640 }}>
      {liveRegion}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {`${messages.cardOf(index + 1, cards.length)} · ${messages.fromCourse(card.course_title)}`}
      </Typography>
      <Typography key={`prompt-${index}`} variant="h2" tabIndex={-1} ref={index > 0 ? focusOnMount : undefined} sx={{ fontSize: '1.375rem', outline: 'none', overflowWrap: 'anywhere' }}>
        {exercise.prompt}
      </Typography>
      {exercise.kind === 'say' ? (
        <SayExercise
          key={`say-${index}`}
          phrase={exercise.answers[0] ?? ''}
          audio={exercise.audio}
          language={language}
          checked={outcome !== null}
          onVerdict={(verdict) => {
            if (verdict === 'right') check('right');
          }}
        />
      ) : (
        <AnswerStep key={`answer-${index}`} exercise={exercise} language={language} checked={outcome !== null} onCheck={check} />
      )}
      {outcome !== null ? (
        <>
          <ResultPanel check={outcome} explanation={exercise.explanation} comesBack={false} lang={language} />
          <Box role="group" aria-label={messages.howWell}>
            <Typography sx={{ mb: 1 }}>{messages.howWell}</Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {messages.ratings.map((label, at) => (
                <Button
                  key={label}
                  variant={suggested === at + 1 ? 'contained' : 'outlined'}
                  onClick={() => rate((at + 1) as Rating)}
                  ref={suggested === at + 1 ? focusOnMount : undefined}
                >
                  {label}
                </Button>
              ))}
            </Stack>
          </Box>
        </>
      ) : null}
    </Stack>
  );
}
