import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Assignment } from '@/api';
import { teacherAssignmentMessages as messages } from './assignmentMessages';

/** A 'Pending' or 'Completed' badge: icon, word and colour, so the state does not rest on colour. */
export function AssignmentBadge({ done }: { done: boolean }) {
  return done ? (
    <Chip icon={<CheckCircleIcon />} label={messages.completedBadge} color="success" variant="outlined" size="small" />
  ) : (
    <Chip icon={<HourglassEmptyIcon />} label={messages.pendingBadge} color="secondary" variant="outlined" size="small" />
  );
}

/** Assignment titles, each with its detail and a 'Pending' or 'Completed' badge. */
export function AssignmentStatusList({ assignments, label }: { assignments: readonly Assignment[]; label: string }) {
  return (
    <Paper variant="outlined">
      <List aria-label={label} disablePadding>
        {assignments.map((assignment, index) => (
          <ListItem key={assignment.id} divider={index < assignments.length - 1}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ width: '100%', justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
            >
              <ListItemText
                primary={assignment.title}
                secondary={assignment.detail || undefined}
                slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { sx: { whiteSpace: 'pre-line' } } }}
              />
              <AssignmentBadge done={assignment.student_status} />
            </Stack>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
