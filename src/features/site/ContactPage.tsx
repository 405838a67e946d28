import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useFieldErrors, type FieldErrors } from '@/components/forms/useFieldErrors';
import { isEmailAddress } from '@/components/forms/validators';
import mapImage from '@/assets/map.svg';
import { PageHeading } from '@/components/PageHeading';
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

/**
 * The contact form. The site has no message service, so a valid form opens the visitor's
 * e-mail program with the message addressed to the academy, and says so.
 */
function ContactForm() {
  const [values, setValues] = useState<Values>({ name: '', email: '', subject: '', message: '' });
  const { formRef, show, clear, fieldProps: errorProps } = useFieldErrors(fields);
  const [mailUrl, setMailUrl] = useState<string | null>(null);
  const headingId = useId();

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    clear(field);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!show(validate(values))) {
      setMailUrl(null);
      return;
    }
    const url = preparedEmail(values);
    setMailUrl(url);
    window.location.href = url;
  };

  const fieldProps = (field: Field) => ({
    ...errorProps(field),
    value: values[field],
    onChange: change(field),
    required: true,
    fullWidth: true,
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
          <Button type="submit" variant="contained" size="large">
            {messages.sendMessage}
          </Button>
        </Box>
        <div role="status">
          {mailUrl ? (
            <Alert severity="info">
              {messages.mailPrepared(academy.email)} {messages.mailFallback}{' '}
              <Link href={mailUrl}>{messages.mailFallbackLink}</Link> {messages.mailFallbackEnd(academy.email)}
            </Alert>
          ) : null}
        </div>
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
