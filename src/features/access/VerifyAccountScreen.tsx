import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageHeading } from '@/components/PageHeading';
import { OneTimeCodeForm, type CodeCheckAnswer } from './OneTimeCodeForm';
import { ServerMessage } from '@/components/ServerMessage';

interface VerifyAccountTexts {
  verifyTitle: string;
  verifyIntro: string;
  codeExpiredHelp: string;
  invalidAccountLink: string;
}

interface VerifyAccountScreenProps<Answer extends CodeCheckAnswer> {
  /** The account id from the route, or null when the link names none. */
  accountId: number | null;
  texts: VerifyAccountTexts;
  check: (accountId: number, otpDigit: number) => Promise<Answer>;
  /** Mails a new code to the account (the provider's extension; hidden when it lacks it). */
  resend?: (accountId: number) => Promise<CodeCheckAnswer>;
  /** Records the login; the guest-only guard of the route then opens the dashboard. */
  onVerified: (answer: Answer, accountId: number) => void;
  /** Links for someone whose code expired or whose link is broken. */
  waysForward: ReactNode;
}

/** The student and teacher verify screens: the 6-digit code check of spec sections 2.4 and 2.5. */
export function VerifyAccountScreen<Answer extends CodeCheckAnswer>({
  accountId,
  texts,
  check,
  resend,
  onVerified,
  waysForward,
}: VerifyAccountScreenProps<Answer>) {
  return (
    <PageHeading title={texts.verifyTitle}>
      {accountId === null ? (
        <Stack spacing={2}>
          <ServerMessage tone="error">{texts.invalidAccountLink}</ServerMessage>
          {waysForward}
        </Stack>
      ) : (
        <Stack spacing={3}>
          <Typography>{texts.verifyIntro}</Typography>
          <OneTimeCodeForm
            check={(otpDigit) => check(accountId, otpDigit)}
            resend={resend && (() => resend(accountId))}
            onVerified={(answer) => onVerified(answer, accountId)}
          />
          <Typography color="text.secondary">{texts.codeExpiredHelp}</Typography>
          {waysForward}
        </Stack>
      )}
    </PageHeading>
  );
}
