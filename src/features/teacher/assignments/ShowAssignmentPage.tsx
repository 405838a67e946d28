import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink } from 'react-router-dom';
import { errorText, useListStudentAssignmentsQuery } from '@/api';
import { PageHeading } from '@/components/PageHeading';
import { ServerMessage } from '@/components/ServerMessage';
import { paths } from '@/config/paths';
import { AssignmentStatusList } from './AssignmentStatusList';
import { useAssignmentRoute } from './useAssignmentRoute';
import { teacherAssignmentMessages as messages } from './assignmentMessages';

/**
 * /show-assignment/:student_id/:teacher_id (spec sections 2.5 and 8): 'All Assignments (n)', an
 * 'Add Assignment' button and the titles with 'Pending' or 'Completed' badges; 'No assignment for
 * this student.' when there are none, and 'No Assignment found' (with the reason and Retry) when
 * the list cannot be read.
 */
export function ShowAssignmentPage() {
  const { ids, name } = useAssignmentRoute();
  const { data, error, refetch } = useListStudentAssignmentsQuery(ids ?? skipToken);

  if (ids === null) {
    return (
      <PageHeading title={messages.assignmentsTitleLoading}>
        <ServerMessage tone="error">{messages.invalidAssignmentLink}</ServerMessage>
      </PageHeading>
    );
  }

  let content;
  if (data !== undefined) {
    content =
      data.length === 0 ? (
        <Typography>{messages.noAssignmentForStudent}</Typography>
      ) : (
        <AssignmentStatusList assignments={data} label={messages.assignmentsTitle(data.length)} />
      );
  } else if (error) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      >
        <AlertTitle>{messages.noAssignmentFound}</AlertTitle>
        {errorText(error, null)}
      </Alert>
    );
  } else {
    content = (
      <Stack spacing={1} role="status" aria-label={messages.loadingAssignments}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={48} />
        ))}
      </Stack>
    );
  }

  return (
    <PageHeading title={data === undefined ? messages.assignmentsTitleLoading : messages.assignmentsTitle(data.length)}>
      <Stack spacing={2}>
        {name ? (
          <Typography component="p" variant="h6">
            {name}
          </Typography>
        ) : null}
        <Button
          component={RouterLink}
          to={paths.addAssignment(ids.studentId, ids.teacherId)}
          variant="contained"
          sx={{ alignSelf: 'flex-start' }}
        >
          {messages.addAssignmentButton}
        </Button>
        {content}
      </Stack>
    </PageHeading>
  );
}
