import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { isUnsupported, maxLengths, useSendContactMessageMutation } from '@/api';
import { useFieldErrors, type FieldErrors, type MessageFields } from '@/hooks/useFieldErrors';
import { isEmailAddress } from '@/components/forms/validators';
import mapImage from '@/assets/map.svg';
import { PageHeading } from '@/components/PageHeading';
import { ServerMessage } from '@/components/ServerMessage';
import { academy } from '@/content/academy';
import { messages } from './messages';

type Field = 'name' | 'email' | 'subject' | 'message';
type Values = Record<Field, string>;

const fields: readonly Field[] = ['name', 'email', 'subject', 'message'];

function validate(values: Values): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (!values.name.trim()) errors.name = messages.nameRequired;
  if (!isEmailAddress(values.email)) errors.email = messages.emailInvalid;
  if (!values.subject.trim()) errors.subject = messages.subjectRequired;
  if (!values.message.trim()) errors.message = messages.messageRequired;
  return errors;
}

/** A mailto: address opening an e-mail to the academy with the form's subject and message. */
function preparedEmail(values: Values): string {
  const body = `${values.message.trim()}\n\n${values.name.trim()}\n${values.email.trim()}`;
  const query = new URLSearchParams({ subject: values.subject.trim(), body }).toString().replace(/\+/g, '%20');
  return `mailto:${academy.email}?${query}`;
}

const mapsUrl = `https://www.openstreetmap.org/search?${new URLSearchParams({ query: academy.address })}`;

function ContactDetails() {
  return (
    <>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {messages.contactDetailsHeading}
      </Typography>
      <Box component="address" sx={{ fontStyle: 'normal' }}>
        <Stack spacing={1}>
          <Typography>
            <strong>{messages.addressLabel}:</strong> {academy.address}
          </Typography>
          <Typography>
            <strong>{messages.emailLabel}:</strong> <Link href={`mailto:${academy.email}`}>{academy.email}</Link>
          </Typography>
          <Typography>
            <strong>{messages.phoneLabel}:</strong> <Link href={`tel:${academy.phone.replace(/\s/g, '')}`}>{academy.phone}</Link>
          </Typography>
        </Stack>
      </Box>
      <Box
        component="img"
        src={mapImage}
        alt={messages.mapAlt(academy.address)}
        width={640}
        height={400}
        loading="lazy"
        sx={{ width: '100%', height: 'auto', display: 'block', mt: 3, borderRadius: 2 }}
      />
      <Link href={mapsUrl} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-block', mt: 1 }}>
        {messages.openInMaps} {messages.opensInNewTab}
      </Link>
    </>
  );
}

/** Where a provider's lone refusal belongs ('Please enter your name.'). */
const messageFields: MessageFields<Field> = [
  [/\bname\b/i, 'name'],
  [/e-?mail/i, 'email'],
  [/\bsubject\b/i, 'subject'],
  [/\bmessage\b/i, 'message'],
];

/** What the form last did: sent by the provider, prepared in the mail program, or failed. */
type Outcome = { kind: 'sent'; text: string } | { kind: 'prepared'; url: string } | { kind: 'failed'; text: string } | null;

const emptyValues: Values = { name: '', email: '', subject: '', message: '' };

/**
 * The contact form. It is sent to the academy by the provider (`sendContactMessage`, an
 * extension) and says so; a provider without it (404 or 405) gets today's way: the visitor's
 * e-mail program opens with the message addressed to the academy, and the page says so, with the
 * address to write to if nothing opened. A refusal goes under its field; the values are kept.
 */
function ContactForm() {
  const [values, setValues] = useState<Values>(emptyValues);
  const { formRef, show, clear, refuse, fieldProps: errorProps } = useFieldErrors(fields, {
    messageFields,
    limits: maxLengths.ContactMessageForm,
  });
  const [send, { isLoading: sending }] = useSendContactMessageMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const headingId = useId();

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    clear(field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setOutcome(null);
    if (!show(validate(values), values)) return;
    const form = { name: values.name.trim(), email: values.email.trim(), subject: values.subject.trim(), message: values.message.trim() };
    try {
      const answer = await send({ contactMessageForm: form }).unwrap();
      setValues(emptyValues);
      setOutcome({ kind: 'sent', text: answer.msg ?? messages.messageSent });
    } catch (error) {
      if (isUnsupported(error)) {
        const url = preparedEmail(values);
        setOutcome({ kind: 'prepared', url });
        window.location.href = url;
        return;
      }
      const { message } = refuse(error, messages.messageNotSent);
      if (message !== null) setOutcome({ kind: 'failed', text: message });
    }
  };

  const fieldProps = (field: Field) => ({
    ...errorProps(field, undefined, values[field]),
    value: values[field],
    onChange: change(field),
    required: true,
    fullWidth: true,
    disabled: sending,
  });

  return (
    <Box component="form" ref={formRef} noValidate onSubmit={submit} aria-labelledby={headingId}>
      <Typography variant="h2" id={headingId} sx={{ mb: 1 }}>
        {messages.formHeading}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {messages.formIntro}
      </Typography>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label={messages.nameField} autoComplete="name" {...fieldProps('name')} />
          <TextField label={messages.emailField} type="email" autoComplete="email" {...fieldProps('email')} />
        </Stack>
        <TextField label={messages.subjectField} {...fieldProps('subject')} />
        <TextField label={messages.messageField} multiline minRows={5} {...fieldProps('message')} />
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={sending}>
            {sending ? messages.sendingMessage : messages.sendMessage}
          </Button>
        </Box>
        <div role="status">
          {outcome?.kind === 'sent' ? <Alert severity="success">{outcome.text}</Alert> : null}
          {outcome?.kind === 'prepared' ? (
            <Alert severity="info">
              {messages.mailPrepared(academy.email)} {messages.mailFallback}{' '}
              <Link href={outcome.url}>{messages.mailFallbackLink}</Link> {messages.mailFallbackEnd(academy.email)}
            </Alert>
          ) : null}
        </div>
        {outcome?.kind === 'failed' ? (
          <ServerMessage tone="error">{outcome.text}</ServerMessage>
        ) : null}
      </Stack>
    </Box>
  );
}

/** /contact: the academy's address, e-mail, phone and map, and a message form. */
export function ContactPage() {
  return (
    <PageHeading title={messages.contactTitle}>
      <Grid container spacing={6}>
        <Grid size={{ xs: 12, md: 5 }}>
          <ContactDetails />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <ContactForm />
        </Grid>
      </Grid>
    </PageHeading>
  );
}
