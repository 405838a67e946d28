import PrintIcon from '@mui/icons-material/Print';
import VerifiedIcon from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useParams } from 'react-router-dom';
import { type Certificate, isNotFound, useVerifyCertificateQuery } from '@/api';
import { LoadError } from '@/components/LoadError';
import { NotFoundScreen } from '@/components/NotFoundScreen';
import { PageHeading, useDocumentTitle } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { academy } from '@/content/academy';
import { useExerciseCounts } from '@/features/courses/useExerciseCounts';
import { formatDay } from './courseFinish';
import { learningMessages as messages } from './messages';

/** A code as the provider issues them: 12 letters and digits (api-spec.yaml `verifyCertificate`). */
const CODE = /^[A-Za-z0-9]{12}$/;

/**
 * Printing (or saving as PDF) gives the certificate alone on one landscape page: no header,
 * footer, toasts, verification note or button.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { size: 'A4 landscape', margin: '12mm' },
        'header, footer, .notistack-SnackbarContainer, [data-screen-only]': { display: 'none !important' },
        'main, #root > div': { minHeight: '0 !important' },
        '[data-certificate]': { breakInside: 'avoid', boxShadow: 'none !important', margin: '0 !important' },
      },
    }}
  />
);

function CertificateView({ certificate }: { certificate: Certificate }) {
  useDocumentTitle(`${messages.certificateTitle}: ${certificate.course_title} – ${certificate.student_name}`);
  const address = `${window.location.origin}${paths.certificate(certificate.code)}`;
  const name = { fontFamily: 'Georgia, "Times New Roman", serif', overflowWrap: 'anywhere' } as const;
  // A course with exercises is finished once they are practised too (issue 38): the certificate says so.
  const exercises = [...useExerciseCounts(certificate.course).values()].reduce((sum, count) => sum + count, 0);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 }, '@media print': { maxWidth: 'none', p: 0 } }}>
      {printStyles}
      <Alert severity="success" role="status" icon={<VerifiedIcon />} sx={{ mb: 3 }} data-screen-only>
        {messages.certificateGenuine(academy.name)}
      </Alert>
      <Paper
        data-certificate
        variant="outlined"
        sx={{
          p: { xs: 3, sm: 5 },
          textAlign: 'center',
          border: '6px double',
          borderColor: 'primary.main',
          '@media print': { minHeight: '170mm', display: 'flex', flexDirection: 'column', justifyContent: 'center' },
        }}
      >
        <Typography sx={{ textTransform: 'uppercase', letterSpacing: '0.15em', fontWeight: 700, color: 'primary.main' }}>{academy.name}</Typography>
        <Typography variant="h1" tabIndex={-1} sx={{ ...name, fontSize: { xs: '1.8rem', sm: '2.4rem' }, my: 2 }}>
          {messages.certificateTitle}
        </Typography>
        <Typography>{messages.certifies}</Typography>
        <Typography sx={{ ...name, fontSize: { xs: '1.6rem', sm: '2rem' }, fontWeight: 700, my: 1 }}>{certificate.student_name}</Typography>
        <Typography>{messages.completed}</Typography>
        <Typography sx={{ ...name, fontSize: { xs: '1.3rem', sm: '1.6rem' }, fontWeight: 700, my: 1 }}>{certificate.course_title}</Typography>
        <Typography>{messages.taughtBy(certificate.teacher_name)}</Typography>
        {exercises > 0 ? <Typography>{messages.practisedExercises}</Typography> : null}
        <Typography>{messages.completedOn(formatDay(certificate.completed_at))}</Typography>
        <Box component="dl" sx={{ mt: 4, mb: 0, fontSize: '0.9rem', '& dt': { fontWeight: 700 }, '& dd': { m: 0, mb: 1, overflowWrap: 'anywhere' } }}>
          <dt>{messages.codeLabel}</dt>
          <dd>{certificate.code}</dd>
          <dt>{messages.verifyLabel}</dt>
          <dd>{address}</dd>
        </Box>
      </Paper>
      <Box sx={{ mt: 3, display: 'flex', justifyContent: 'center' }} data-screen-only>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {messages.print}
        </Button>
      </Box>
    </Container>
  );
}

function NoSuchCertificate() {
  return <NotFoundScreen title={messages.noCertificateTitle} text={messages.noCertificateText} actionLabel={messages.goHome} actionTo={paths.home} />;
}

/**
 * /certificates/:code (public): a certificate of completion as the provider confirms it
 * (`verifyCertificate`): who, which course and teacher, when, the academy, the code and this page's
 * address to verify it, and 'Print or save as PDF'. An unknown (or malformed) code says no
 * certificate has it; a failed read offers Retry.
 */
export function CertificatePage() {
  const { code = '' } = useParams();
  const valid = CODE.test(code);
  const { data, error, isError, refetch } = useVerifyCertificateQuery(valid ? { code } : skipToken);
  if (!valid || isNotFound(error)) return <NoSuchCertificate />;
  if (data !== undefined) return <CertificateView certificate={data} />;
  return (
    <PageHeading title={messages.certificateTitle}>
      {isError ? (
        <LoadError message={messages.certificateFailed} onRetry={() => void refetch()} />
      ) : (
        <Skeleton variant="rounded" height={360} role="status" aria-label={messages.certificateLoading} />
      )}
    </PageHeading>
  );
}
