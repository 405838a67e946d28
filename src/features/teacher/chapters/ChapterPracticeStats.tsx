import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { isUnsupported, useGetChapterPracticeStatsQuery } from '@/api';
import type { LanguageTag } from '@/components/courseLanguage';
import { LoadError } from '@/components/LoadError';
import { exerciseMessages as messages } from './exerciseMessages';

/**
 * How the students did on a chapter's exercises (their first answers): how many practised, the
 * average score, and the exercises most missed with the commonest wrong answers (in the course's
 * language). Nothing on a provider without the figures.
 */
export function ChapterPracticeStats({ chapterId, language }: { chapterId: number; language: LanguageTag | undefined }) {
  const { data, error, isError, refetch } = useGetChapterPracticeStatsQuery({ chapterId });
  if (isError && isUnsupported(error)) return null;

  let content;
  if (data !== undefined) {
    const missed = data.exercises.filter((exercise) => exercise.missed > 0);
    content =
      data.students === 0 || data.average_score === null ? (
        <Typography>{messages.statsNone}</Typography>
      ) : (
        <>
          <Typography>{messages.statsSummary(data.students, data.average_score)}</Typography>
          {missed.length === 0 ? (
            <Typography sx={{ mt: 1 }}>{messages.noneMissed}</Typography>
          ) : (
            <>
              <Typography variant="h4" sx={{ fontSize: '1rem', fontWeight: 600, mt: 2, mb: 0.5 }}>
                {messages.mostMissed}
              </Typography>
              <Box component="ol" sx={{ pl: 3, m: 0 }}>
                {missed.map((exercise) => (
                  <Box component="li" key={exercise.exercise_id} sx={{ mb: 1, overflowWrap: 'anywhere' }}>
                    <Typography>
                      {exercise.prompt}: {messages.missedBy(exercise.missed, exercise.answered)}
                    </Typography>
                    {exercise.wrong_answers.length > 0 ? (
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {`${messages.wrongAnswers}: `}
                        {exercise.wrong_answers.map((wrong, index) => (
                          <span key={wrong.answer}>
                            {index > 0 ? ', ' : null}
                            <span lang={language}>{wrong.answer}</span> ({wrong.count})
                          </span>
                        ))}
                      </Typography>
                    ) : null}
                  </Box>
                ))}
              </Box>
            </>
          )}
        </>
      );
  } else if (isError) {
    content = <LoadError message={messages.statsFailed} onRetry={() => void refetch()} />;
  } else {
    content = <Skeleton variant="rounded" height={72} role="status" aria-label={messages.statsLoading} />;
  }

  return (
    <Box component="section" aria-labelledby="chapter-practice-stats-heading" sx={{ mt: 4 }}>
      <Typography variant="h3" id="chapter-practice-stats-heading" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {messages.statsHeading}
      </Typography>
      {content}
    </Box>
  );
}
