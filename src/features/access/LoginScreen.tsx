import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useFieldErrors } from '@/hooks/useFieldErrors';
import { ServerMessage } from '@/components/ServerMessage';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { credentialsFields, credentialsProblems, CredentialsFields, type Credentials } from './CredentialsFields';
import { useEmailFromLink } from './useEmailFromLink';

/** A login answer as both sides read it. */
export interface LoginAnswer {
  bool: boolean;
  /** The account's id (`student_id` / `teacher_id`). */
  id: number | null;
  /** The provider's message (`msg`, else `detail`), or null. */
  notice: string | null;
  /** The provider mailed a code that the login waits for (the teacher's `login_via_otp`). */
  viaCode?: boolean;
}

/** The forgotten-password page and the code check of each side. */
const sidePaths = {
  student: { forgotPassword: paths.studentForgotPassword, verify: paths.verifyStudent },
  teacher: { forgotPassword: paths.teacherForgotPassword, verify: paths.verifyTeacher },
} as const;

export interface LoginScreenProps {
  /** Whose login: its forgotten-password page and code check. */
  side: keyof typeof sidePaths;
  /** The side's texts: the page's title, the button and the links. */
  texts: { loginTitle: string; loginButton: string; forgotPasswordLink: string; enterCodeLink: string };
  /** Sends the credentials (an RTK Query `unwrap()`), as a `LoginAnswer`. */
  send: (credentials: Credentials) => Promise<LoginAnswer>;
  /** What to do with an accepted login (store it, or open the code check). */
  onLoggedIn: (answer: LoginAnswer & { id: number }) => void;
  /** The text of a login the provider did not accept (`bool` false without a notice, or no id). */
  refusalText: (notice: string | null) => string;
  /** The text of a failed call (refused, a fault, a wait after too many attempts). */
  failureText: (error: unknown) => string;
  /** Shown above the form (the teacher's approval notice). */
  before?: ReactNode;
  /** More fields, between the password and the button ('Remember me'). */
  extraFields?: ReactNode;
  /** Shown below the form (the student's way to register). */
  after?: ReactNode;
}

/**
 * The login of both sides (spec sections 4, 5 and 8): e-mail and password, both required and
 * checked before sending (the first at fault focused), the e-mail filled in when a link carried it; an unverified account gets the provider's
 * notice with a link to its code check; a refusal or a fault the side's text in red.
 */
export function LoginScreen({
  side,
  texts,
  send,
  onLoggedIn,
  refusalText,
  failureText,
  before,
  extraFields,
  after,
}: LoginScreenProps) {
  const [credentials, setCredentials] = useState<Credentials>({ email: '', password: '' });
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<ReactNode>(null);
  const { formRef, errors, show, clear } = useFieldErrors(credentialsFields);
  const { forgotPassword, verify } = sidePaths[side];
  // From the registration's 'Log in' for an address that already has an account.
  useEmailFromLink((email) => setCredentials((current) => (current.email === '' ? { ...current, email } : current)));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    if (!show(credentialsProblems(credentials))) return;
    setSending(true);
    try {
      const answer = await send(credentials);
      if (answer.bool && answer.id !== null) onLoggedIn({ ...answer, id: answer.id });
      else if (!answer.bool && answer.id !== null && answer.notice) {
        // The provider knows the account but it is not verified yet: it says so and mails a new code.
        setFailure(
          <>
            {answer.notice}{' '}
            <Link component={RouterLink} to={verify(answer.id)}>
              {texts.enterCodeLink}
            </Link>
          </>,
        );
      } else setFailure(refusalText(answer.bool ? null : answer.notice));
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <PageHeading title={texts.loginTitle}>
      <Stack spacing={3} sx={{ maxWidth: 420 }}>
        {before}
        <Stack component="form" ref={formRef} noValidate spacing={2} onSubmit={(event) => void handleSubmit(event)}>
          <CredentialsFields
            value={credentials}
            onChange={(value, changed) => {
              setCredentials(value);
              clear(changed);
            }}
            errors={errors}
          />
          {extraFields}
          <Button type="submit" variant="contained" disabled={sending} sx={{ alignSelf: 'flex-start' }}>
            {texts.loginButton}
          </Button>
          {failure && <ServerMessage tone="error">{failure}</ServerMessage>}
          <Link component={RouterLink} to={forgotPassword} sx={{ alignSelf: 'flex-start' }}>
            {texts.forgotPasswordLink}
          </Link>
        </Stack>
        {after}
      </Stack>
    </PageHeading>
  );
}
