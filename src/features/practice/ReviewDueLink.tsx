import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { practiceMessages as messages } from './practiceMessages';
import { useReviewDeck } from './useReviewDeck';

/** The dashboard's 'Review: n due', to the Review screen; nothing while the deck is empty, unknown or not served. */
export function ReviewDueLink() {
  const { data, due } = useReviewDeck();
  if (data === undefined || data.cards.length === 0) return null;
  return (
    <Button component={RouterLink} to={paths.review} variant={due.length > 0 ? 'contained' : 'outlined'} sx={{ mt: 3, textTransform: 'none' }}>
      {messages.reviewDue(due.length)}
    </Button>
  );
}
