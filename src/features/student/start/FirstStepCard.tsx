import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { startMessages as messages } from './startMessages';

/** The dashboard's empty state (issue 39): what a student with no course does next. */
export function FirstStepCard() {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined" sx={{ mt: 3 }}>
      <CardContent>
        <Typography variant="h2" id={headingId} sx={{ fontSize: '1.375rem' }} gutterBottom>
          {messages.nextStepTitle}
        </Typography>
        <Typography sx={{ mb: 2 }}>{messages.nextStepText}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button component={RouterLink} to={paths.studentStart} variant="contained">
            {messages.startHereLink}
          </Button>
          <Button component={RouterLink} to={paths.allCourses} variant="outlined">
            {messages.browseAll}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
