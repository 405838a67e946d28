import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import GradingIcon from '@mui/icons-material/Grading';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { Assignment } from '@/api';
import { paths } from '@/config/paths';
import { dateTimeText, hasAnswers, isLate, stateText } from './assignmentFacts';
import { teacherAssignmentMessages as messages } from './assignmentMessages';

/** A 'Pending' or 'Completed' badge: icon, word and colour, so the state does not rest on colour. */
export function AssignmentBadge({ done }: { done: boolean }) {
  return done ? (
    <Chip icon={<CheckCircleIcon />} label={messages.completedBadge} color="success" variant="outlined" size="small" />
  ) : (
    <Chip icon={<HourglassEmptyIcon />} label={messages.pendingBadge} color="secondary" variant="outlined" size="small" />
  );
}

/** The state of an assignment with answers (extension): 'To do', 'Answered', 'Marked: Good', with 'Late' where it is. */
function StateBadges({ assignment }: { assignment: Assignment }) {
  const state = stateText(assignment);
  const icon = assignment.feedback ? <GradingIcon /> : assignment.student_status ? <AssignmentTurnedInIcon /> : <HourglassEmptyIcon />;
  const color = assignment.feedback ? 'success' : assignment.student_status ? 'primary' : 'secondary';
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Chip icon={icon} label={state} color={color} variant="outlined" size="small" />
      {isLate(assignment) ? <Chip label={messages.stateLate} color="warning" variant="outlined" size="small" /> : null}
      {assignment.student_status ? (
        <Link component={RouterLink} to={paths.teacherAssignment(assignment.id)} aria-label={messages.openAssignment(assignment.title)}>
          {messages.openLink}
        </Link>
      ) : null}
    </Stack>
  );
}

/**
 * Assignment titles, each with its detail and a 'Pending' or 'Completed' badge; on a provider with
 * answers (extension), its due date and its state instead ('To do', 'Answered' with a link to open
 * it, 'Marked: Good').
 */
export function AssignmentStatusList({ assignments, label }: { assignments: readonly Assignment[]; label: string }) {
  return (
    <Paper variant="outlined">
      <List aria-label={label} disablePadding>
        {assignments.map((assignment, index) => {
          const due = dateTimeText(assignment.due_at);
          return (
            <ListItem key={assignment.id} divider={index < assignments.length - 1}>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ width: '100%', justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
              >
                <ListItemText
                  primary={assignment.title}
                  secondary={
                    assignment.detail || due ? (
                      <>
                        {assignment.detail || null}
                        {due ? (
                          <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 500 }}>
                            {messages.dueOn(due)}
                          </Typography>
                        ) : null}
                      </>
                    ) : undefined
                  }
                  slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { sx: { whiteSpace: 'pre-line' } } }}
                />
                {hasAnswers(assignment) ? <StateBadges assignment={assignment} /> : <AssignmentBadge done={assignment.student_status} />}
              </Stack>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
