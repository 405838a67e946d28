import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { errorText, isUnsupported, type MailKind, type NotificationSettings, useGetNotificationSettingsQuery, useUpdateNotificationSettingsMutation } from '@/api';
import { useToasts } from '@/components/toasts/useToasts';
import { notificationMessages as messages } from './notificationMessages';

/**
 * The profile's 'Mail notifications' group: a checkbox per kind of mail of the person's side, all
 * on until turned off, saved with Save. Nothing at all on a provider without the notifications
 * extension, nor while the settings load (the profile form above is the page).
 */
export function MailNotificationSettings({ side, personId }: { side: 'student' | 'teacher'; personId: number }) {
  const query = useGetNotificationSettingsQuery({ role: side, personId });
  if (query.data === undefined || (query.isError && isUnsupported(query.error))) return null;
  return <SettingsForm key={`${side}-${personId}`} side={side} personId={personId} saved={query.data} />;
}

function SettingsForm({ side, personId, saved }: { side: 'student' | 'teacher'; personId: number; saved: NotificationSettings }) {
  const [choices, setChoices] = useState<Partial<Record<MailKind, boolean>>>({});
  const [update, { isLoading }] = useUpdateNotificationSettingsMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { enqueueSnackbar } = useToasts();
  const headingId = useId();
  const checked = (kind: MailKind, mail: boolean) => choices[kind] ?? mail;
  return (
    <Box
      component="form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setFailure(null);
        const form = Object.fromEntries(saved.kinds.map(({ kind, mail }) => [kind, checked(kind, mail)]));
        update({ role: side, personId, notificationSettingsForm: form })
          .unwrap()
          .then(() => {
            setChoices({});
            enqueueSnackbar(messages.saved, { variant: 'success' });
          })
          .catch((error: unknown) => setFailure(errorText(error, null)));
      }}
      sx={{ mt: 4, maxWidth: 560 }}
    >
      <Typography id={headingId} component="h2" variant="h6">
        {messages.settingsHeading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {messages.settingsHelp}
      </Typography>
      <FormGroup>
        {saved.kinds.map(({ kind, mail }) => (
          <FormControlLabel
            key={kind}
            control={<Checkbox checked={checked(kind, mail)} onChange={(event) => setChoices((current) => ({ ...current, [kind]: event.target.checked }))} />}
            label={messages.kinds[kind]}
          />
        ))}
      </FormGroup>
      {failure ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" disabled={isLoading} sx={{ mt: 2, minHeight: 44 }}>
        {messages.save}
      </Button>
    </Box>
  );
}
