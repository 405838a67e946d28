import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { messages } from '../messages';

/** A filtered course list with nothing in it: says so, and the way out (Clear filters). */
export function NoMatchingCourses({ onClear }: { onClear: () => void }) {
  return (
    <Box sx={{ py: 2 }}>
      <Typography component="h2" variant="h6">
        {messages.noMatchingCourses}
      </Typography>
      <Typography sx={{ mt: 1, mb: 2 }}>{messages.noMatchingCoursesHint}</Typography>
      <Button variant="contained" onClick={onClear}>
        {messages.clearFilters}
      </Button>
    </Box>
  );
}
