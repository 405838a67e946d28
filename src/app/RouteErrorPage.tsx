import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '@/components/PageHeading';
import { NotFoundPage } from '@/features/site/NotFoundPage';

/** webpack names a failed script chunk in a ChunkLoadError: "Loading chunk student failed. (…)" */
function failedChunkId(error: unknown): string | null {
  if (!(error instanceof Error) || error.name !== 'ChunkLoadError') return null;
  return /Loading chunk (\S+) failed/.exec(error.message)?.[1] ?? 'unknown';
}

function errorText(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** What a route shows when loading or rendering it failed (spec section 8). */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const chunkId = failedChunkId(error);
  // A 404 shows the not-found screen, which names itself.
  useDocumentTitle(notFound ? null : chunkId !== null ? `Loading chunk ${chunkId} failed` : 'Unexpected Application Error!');
  if (notFound) return <NotFoundPage />;

  return (
    <Container sx={{ py: 6 }}>
      {chunkId !== null ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => window.location.reload()}>
              Reload
            </Button>
          }
        >
          <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>{`Loading chunk ${chunkId} failed`}</Typography>
          The page could not be loaded, perhaps because the connection dropped or the site was just updated.
        </Alert>
      ) : (
        <Alert severity="error">
          <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
            Unexpected Application Error!
          </Typography>
          <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', mt: 1 }}>
            {errorText(error)}
          </Typography>
        </Alert>
      )}
    </Container>
  );
}
