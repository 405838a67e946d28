import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { adminApi, errorMessages, errorText, isUnsupported, useAdminLoginMutation, useVerifyAdminMutation } from '@/api';
import { useAppDispatch } from '@/app/hooks';
import { isEmailAddress } from '@/components/forms/validators';
import { ServerMessage } from '@/components/ServerMessage';
import { adminMessages as m } from './adminMessages';
import { AdminUnsupported } from './AdminUnsupported';

type Step = 'email' | 'code';

/**
 * The admin's sign-in: the e-mail address, then the code mailed to it. The provider answers the
 * same whether or not the address is an admin's, so the code step always follows. A failed call
 * keeps what was typed and says why (the fault texts of `errorText`); a provider without the admin
 * area (404) is said to offer none. Once signed in, the session's answer is set from the reply,
 * which shows the admin's screen.
 */
export function AdminSignIn() {
  const dispatch = useAppDispatch();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [unsupported, setUnsupported] = useState(false);
  const [askForCode, { isLoading: sending }] = useAdminLoginMutation();
  const [verify, { isLoading: verifying }] = useVerifyAdminMutation();
  const headingId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);

  // The code step starts on its field, and a refusal sends the focus back to the field at fault
  // (not on the first render: the page's heading has the focus after a navigation).
  const rendered = useRef(false);
  useEffect(() => {
    if (rendered.current) fieldRef.current?.focus();
    rendered.current = true;
  }, [step, fieldError]);

  if (unsupported) return <AdminUnsupported />;

  const sendCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    if (!isEmailAddress(email.trim())) {
      setFieldError(errorMessages.invalidEmail);
      return;
    }
    setFieldError(null);
    try {
      const answer = await askForCode({ emailForm: { email: email.trim() } }).unwrap();
      setSent(answer.msg ?? null);
      setCode('');
      setStep('code');
    } catch (error) {
      if (isUnsupported(error)) setUnsupported(true);
      else setFailure(errorText(error, m.codeNotSent));
    }
  };

  const signIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verifying) return;
    setFailure(null);
    if (!/^\d{6}$/.test(code.trim())) {
      setFieldError(m.codeInvalid);
      return;
    }
    setFieldError(null);
    try {
      const answer = await verify({ adminCodeForm: { email: email.trim(), code: code.trim() } }).unwrap();
      dispatch(adminApi.util.upsertQueryData('getAdminSession', undefined, { email: answer.email ?? email.trim() }));
    } catch (error) {
      if (isUnsupported(error)) setUnsupported(true);
      else setFailure(errorText(error, m.signInFailed));
    }
  };

  const otherAddress = () => {
    setStep('email');
    setSent(null);
    setFailure(null);
    setFieldError(null);
  };

  return (
    <Box component="form" noValidate onSubmit={step === 'email' ? sendCode : signIn} aria-labelledby={headingId} sx={{ maxWidth: 480 }}>
      <Typography variant="h2" id={headingId} sx={{ mb: 1 }}>
        {m.signInHeading}
      </Typography>
      <Stack spacing={2}>
        {step === 'email' ? (
          <>
            <Typography color="text.secondary">{m.signInIntro}</Typography>
            <TextField
              inputRef={fieldRef}
              label={m.emailField}
              name="email"
              type="email"
              autoComplete="email"
              required
              fullWidth
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={fieldError !== null}
              helperText={fieldError}
              disabled={sending}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={sending}>
                {sending ? m.sendingCode : m.sendCode}
              </Button>
            </Box>
          </>
        ) : (
          <>
            {sent === null ? null : <Alert severity="info">{sent}</Alert>}
            <TextField
              inputRef={fieldRef}
              label={m.codeField}
              name="code"
              autoComplete="one-time-code"
              required
              fullWidth
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={fieldError !== null}
              helperText={fieldError ?? m.codeHint}
              disabled={verifying}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              <Button type="submit" variant="contained" disabled={verifying}>
                {verifying ? m.signingIn : m.signIn}
              </Button>
              <Button onClick={otherAddress} disabled={verifying}>
                {m.otherAddress}
              </Button>
            </Box>
          </>
        )}
        {failure === null ? null : <ServerMessage tone="error">{failure}</ServerMessage>}
      </Stack>
    </Box>
  );
}
