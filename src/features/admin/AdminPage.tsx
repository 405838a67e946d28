import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { classifyError, errorText, isUnsupported, useAdminLogoutMutation, useGetAdminSessionQuery } from '@/api';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { PageLoading } from '@/components/PageLoading';
import { AdminCategories } from './AdminCategories';
import { AdminSignIn } from './AdminSignIn';
import { AdminUnsupported } from './AdminUnsupported';
import { adminMessages as m } from './adminMessages';
import { PendingTeachers } from './PendingTeachers';

/**
 * /admin: the academy's admin area (extensions, not linked from the public site). Who is signed in
 * is the provider's answer (`getAdminSession`), so a reload keeps the admin in; without a session
 * the sign-in (a code by mail), with one the teachers waiting for approval and the categories. A
 * provider without the admin area (404) is said to offer none.
 */
export function AdminPage() {
  const session = useGetAdminSessionQuery();
  const failure = session.isFetching ? null : session.error;
  let content;
  if (failure !== undefined && failure !== null) {
    const kind = classifyError(failure).kind;
    if (isUnsupported(failure)) content = <AdminUnsupported />;
    else if (kind === 'unauthorised' || kind === 'forbidden') content = <AdminSignIn />;
    else content = <LoadError message={errorText(failure, m.signInFailed)} onRetry={() => void session.refetch()} />;
  } else if (session.currentData) {
    content = <AdminConsole email={session.currentData.email} />;
  } else {
    content = <PageLoading label={m.loading} />;
  }
  return <PageHeading title={m.title}>{content}</PageHeading>;
}

/** The signed-in admin's screen: who is signed in, Log out, the queue of teachers and the categories. */
function AdminConsole({ email }: { email: string }) {
  const [logOut, { isLoading: leaving }] = useAdminLogoutMutation();
  const [failed, setFailed] = useState<string | null>(null);
  const leave = async () => {
    setFailed(null);
    try {
      await logOut().unwrap();
    } catch (error) {
      setFailed(errorText(error, m.logOutFailed));
    }
  };
  return (
    <Stack spacing={4}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{m.signedInAs(email)}</Typography>
        <Button variant="outlined" onClick={() => void leave()} disabled={leaving}>
          {m.logOut}
        </Button>
      </Box>
      {failed === null ? null : <Alert severity="error">{failed}</Alert>}
      <PendingTeachers />
      <AdminCategories />
    </Stack>
  );
}
