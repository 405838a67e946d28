import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type FormEvent } from 'react';
import { errorText, isUnsupported, useSubscribeNewsletterMutation } from '@/api';
import { isEmailAddress } from '@/components/forms/validators';
import { academy } from '@/content/academy';

export const newsletterMessages = {
  heading: 'Newsletter',
  intro: 'News about courses, teachers and offers, once a month.',
  emailLabel: 'Your e-mail',
  subscribe: 'Subscribe',
  subscribing: 'Subscribing…',
  emailInvalid: 'Please enter a valid e-mail address, like name@example.com.',
  subscribed: 'Thank you, you are subscribed.',
  notSubscribed: 'The subscription could not be sent. Please try again.',
  prepared: (email: string) =>
    `Your e-mail program is opening with a subscription request to ${email}. Press send there to subscribe.`,
  preparedFallback: (email: string) => `Nothing opened? Write to ${email} and ask to subscribe.`,
} as const;

type NewsletterOutcome = { kind: 'subscribed' | 'prepared'; text: string } | { kind: 'error'; text: string } | null;

/**
 * The newsletter sign-up: sent to the provider (`subscribeNewsletter`, an extension), which says
 * so; on a provider without it (404 or 405) the visitor's mail program opens with a subscription
 * request to the academy, and the footer says so. A wrong address or a refusal shows under the
 * field, which keeps its value and takes the focus. A native input: MUI's TextField would bring
 * its Select, Menu and Popover into every page's first load.
 */
export function NewsletterSignup() {
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<NewsletterOutcome>(null);
  const [subscribeNewsletter, { isLoading }] = useSubscribeNewsletterMutation();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const failed = outcome?.kind === 'error';

  const subscribe = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const address = email.trim();
    if (!isEmailAddress(address)) {
      setOutcome({ kind: 'error', text: newsletterMessages.emailInvalid });
      inputRef.current?.focus();
      return;
    }
    setOutcome(null);
    try {
      const answer = await subscribeNewsletter({ emailForm: { email: address } }).unwrap();
      setEmail('');
      setOutcome({ kind: 'subscribed', text: answer.msg ?? newsletterMessages.subscribed });
    } catch (error) {
      if (isUnsupported(error)) {
        const body = `Please add ${address} to the newsletter.`;
        setOutcome({ kind: 'prepared', text: `${newsletterMessages.prepared(academy.email)} ${newsletterMessages.preparedFallback(academy.email)}` });
        window.location.href = `mailto:${academy.email}?subject=${encodeURIComponent('Newsletter subscription')}&body=${encodeURIComponent(body)}`;
        return;
      }
      setOutcome({ kind: 'error', text: errorText(error, newsletterMessages.notSubscribed) });
      inputRef.current?.focus();
    }
  };
  return (
    <Box component="form" onSubmit={subscribe} noValidate aria-label={newsletterMessages.heading}>
      <Typography variant="h6" component="h2" gutterBottom>
        {newsletterMessages.heading}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {newsletterMessages.intro}
      </Typography>
      <Typography component="label" htmlFor={inputId} variant="body2" sx={{ display: 'block', mb: 0.5, fontWeight: 600 }}>
        {newsletterMessages.emailLabel}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Box
          component="input"
          ref={inputRef}
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={failed}
          aria-describedby={failed ? errorId : undefined}
          value={email}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
            setEmail(event.target.value);
            if (failed) setOutcome(null);
          }}
          sx={{
            flexGrow: 1,
            minWidth: 0,
            font: 'inherit',
            px: 1.5,
            py: 1,
            color: 'text.primary',
            bgcolor: 'background.paper',
            border: 0,
            borderRadius: 1,
            outlineOffset: 2,
          }}
        />
        <Button type="submit" variant="contained" color="secondary" disabled={isLoading}>
          {isLoading ? newsletterMessages.subscribing : newsletterMessages.subscribe}
        </Button>
      </Stack>
      {failed ? (
        <Typography id={errorId} variant="body2" sx={{ mt: 1, color: '#ffd4cc', fontWeight: 600 }}>
          {outcome.text}
        </Typography>
      ) : null}
      {/* A live region without a role: the screens' own status regions stay the page's only ones. */}
      <Typography aria-live="polite" aria-atomic="true" variant="body2" sx={{ mt: outcome !== null && !failed ? 1 : 0 }}>
        {outcome !== null && !failed ? outcome.text : ''}
      </Typography>
    </Box>
  );
}
