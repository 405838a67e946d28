import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { isUnsupported } from '@/api';
import { fieldsNamedIn, useFieldErrors, type FieldErrors, type MessageFields } from '@/hooks/useFieldErrors';
import { isEmailAddress } from '@/components/forms/validators';
import { LoadError } from '@/components/LoadError';
import { PageHeading } from '@/components/PageHeading';
import { ServerMessage } from '@/components/ServerMessage';
import { useToasts } from '@/components/toasts/useToasts';
import { SUCCESS_TOAST_MS } from '@/components/toasts/toastDurations';
import { EmailChangeDialog } from './EmailChangeDialog';
import { emailChangeMessages } from './emailChangeMessages';

/** One text field of a profile, in the order shown. */
export interface ProfileTextField<Field extends string> {
  name: Field;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  hint?: string;
  inputMode?: 'numeric';
  /** The longest value api-spec.yaml accepts: checked before sending, with a counter near it. */
  maxLength: number;
  /** A text of several lines (a bio): at least this many rows, growing with the text. */
  minRows?: number;
}

/** The texts of a profile page, the side's own wording. */
export interface ProfileTexts {
  title: string;
  loadingProfile: string;
  loadFailed: string;
  updateButton: string;
  profileUpdated: string;
  profileUpdateFailed: string;
  fullNameRequired: string;
  emailRequired: string;
  emailInvalid: string;
}

/** What the side's own fields below the text fields are given: their messages, and a way to clear one. */
export interface ExtraFieldsKit<Extra extends string> {
  errors: FieldErrors<Extra>;
  clear: (name: Extra) => void;
}

export interface ProfileFormProps<Field extends string, Extra extends string> {
  texts: ProfileTexts;
  /** The text fields, `full_name` and `email` among them (both required). */
  fields: readonly ProfileTextField<Field | 'full_name' | 'email'>[];
  initial: Record<Field | 'full_name' | 'email', string>;
  /** The side's own checks of the other fields (a username, a mobile number, a refused image). */
  check?: (values: Record<Field | 'full_name' | 'email', string>) => FieldErrors<Field | Extra>;
  /** The names of the side's own fields, after the text fields (a refusal about one shows under it). */
  extraFieldNames?: readonly Extra[];
  /** Where a refusal's lone `msg` goes, by its words. */
  messageFields?: MessageFields<Field | 'full_name' | 'email' | Extra>;
  /** Saves the trimmed values with `email` as the address: true once saved, false when cancelled (already said); throws a refusal. */
  save: (values: Record<Field | 'full_name' | 'email', string>, email: string) => Promise<boolean>;
  /** True while a save is under way (the button is then disabled and Update does nothing). */
  busy: boolean;
  /** The e-mail address change extension: mail a code to the new address, then confirm it. */
  emailChange: {
    start: (email: string, currentPassword: string) => Promise<{ bool: boolean; msg?: string }>;
    confirm: (otpDigit: number) => Promise<unknown>;
  };
  /** The side's own fields below the text fields, then the progress of a save. */
  children?: (kit: ExtraFieldsKit<Extra>) => ReactNode;
}

/**
 * The profile form of both sides (spec sections 2.4, 2.5 and 8): the side's text fields, checked
 * before sending (full name and a valid e-mail address required) and saved with Update ('Data has
 * been updated'). A new e-mail address is confirmed in a dialog (current password, then the code
 * mailed to it) after the other fields are saved; on a provider without that extension it is
 * saved with the rest. A refusal shows under its field (the first one focused), the rest below
 * the form; the values stay.
 */
export function ProfileForm<Field extends string, Extra extends string = never>({
  texts,
  fields,
  initial,
  check,
  extraFieldNames = [],
  messageFields,
  save,
  busy,
  emailChange,
  children,
}: ProfileFormProps<Field, Extra>) {
  type Name = Field | 'full_name' | 'email';
  const [values, setValues] = useState(initial);
  /** The new address being confirmed in the dialog (null: no dialog). */
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  /**
   * Whether the provider has the e-mail change operations (null: not asked yet). Without them the
   * address is sent with the profile, as before, and no password is asked for.
   */
  const [emailChangeServed, setEmailChangeServed] = useState<boolean | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { enqueueSnackbar } = useToasts();
  const fieldOrder: readonly (Name | Extra)[] = [...fields.map(({ name }) => name), ...extraFieldNames];
  const limits = useMemo(() => Object.fromEntries(fields.map(({ name, maxLength }) => [name, maxLength])) as Partial<Record<Name | Extra, number>>, [fields]);
  const { formRef, errors, show, clear, refuse, fieldProps } = useFieldErrors<Name | Extra>(fieldOrder, {
    // The side's patterns first, then a field named in the provider's words ('The full name must…').
    messageFields: [...(messageFields ?? []), ...fieldsNamedIn(fieldOrder)],
    limits,
  });
  const currentEmail = initial.email;

  function checkValues(): FieldErrors<Name | Extra> {
    const found: FieldErrors<Name | Extra> = { ...check?.(values) };
    if (values.full_name.trim() === '') found.full_name = texts.fullNameRequired;
    if (values.email.trim() === '') found.email = texts.emailRequired;
    else if (!isEmailAddress(values.email)) found.email = texts.emailInvalid;
    return found;
  }

  /** Saves the profile with `email` as its address; false (the refusal shown) when it failed or was cancelled. */
  async function saveWith(email: string): Promise<boolean> {
    const trimmed = Object.fromEntries(Object.entries<string>(values).map(([name, value]) => [name, value.trim()])) as Record<Name, string>;
    try {
      return await save(trimmed, email);
    } catch (error) {
      setFailure(refuse(error, texts.profileUpdateFailed).message);
      return false;
    }
  }

  /**
   * Asks the provider once, with no password (refused with a 400 that changes nothing where the
   * operation exists; 404 or 405 where it does not), whether it can change the address.
   */
  async function servesEmailChange(email: string): Promise<boolean> {
    if (emailChangeServed !== null) return emailChangeServed;
    const served = await emailChange.start(email, '').then(
      () => true,
      (error: unknown) => !isUnsupported(error),
    );
    setEmailChangeServed(served);
    return served;
  }

  const updated = () => enqueueSnackbar(texts.profileUpdated, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    setNotice(null);
    // Missing or malformed values, and texts over their limit, are said under their fields; nothing is sent.
    if (!show(checkValues(), values as Partial<Record<Name | Extra, string>>) || busy) return;
    const email = values.email.trim();
    // A new address is confirmed in the dialog (password, then a code sent to it); the rest is saved first.
    const newAddress = currentEmail !== '' && email.toLowerCase() !== currentEmail.toLowerCase();
    const changingEmail = newAddress && (await servesEmailChange(email));
    if (!(await saveWith(changingEmail ? currentEmail : email))) return;
    if (changingEmail) setPendingEmail(email);
    else updated();
  }

  return (
    <Stack component="form" ref={formRef} spacing={2.5} noValidate onSubmit={(event) => void submit(event)} sx={{ maxWidth: 560 }}>
      {fields.map(({ name, label, type, autoComplete, required, hint, inputMode, minRows }) => (
        <TextField
          key={name}
          {...fieldProps(name, hint, values[name])}
          label={label}
          type={type}
          autoComplete={autoComplete}
          required={required}
          multiline={minRows !== undefined}
          minRows={minRows}
          value={values[name]}
          onChange={(event) => {
            setValues((current) => ({ ...current, [name]: event.target.value }));
            clear(name);
          }}
          slotProps={{ htmlInput: { inputMode } }}
        />
      ))}
      {children?.({ errors: errors as FieldErrors<Extra>, clear })}
      <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
        {texts.updateButton}
      </Button>
      {failure ? <ServerMessage tone="error">{failure}</ServerMessage> : null}
      {notice ? (
        <Alert severity="info" role="status">
          {notice}
        </Alert>
      ) : null}
      {pendingEmail === null ? null : (
        <EmailChangeDialog
          newEmail={pendingEmail}
          returnFocusTo={() => formRef.current?.querySelector<HTMLElement>('[name="email"]')}
          start={(currentPassword) => emailChange.start(pendingEmail, currentPassword)}
          confirm={emailChange.confirm}
          onConfirmed={() => {
            setPendingEmail(null);
            updated();
          }}
          onCancel={() => {
            setPendingEmail(null);
            setNotice(emailChangeMessages.notChanged(currentEmail));
          }}
          onUnsupported={() => {
            // A provider without the operations changes the address with the profile update.
            setPendingEmail(null);
            setEmailChangeServed(false);
            void saveWith(pendingEmail).then((saved) => saved && updated());
          }}
        />
      )}
    </Stack>
  );
}

/**
 * A profile page of either side: its heading, a Skeleton of `rows` fields while the profile
 * loads, the side's 'Failed to get … data' with Retry when it cannot be read, else the form.
 */
export function ProfileScreen<Account>({
  texts,
  rows,
  query,
  children,
}: {
  texts: Pick<ProfileTexts, 'title' | 'loadingProfile' | 'loadFailed'>;
  rows: number;
  query: { data?: Account; isError: boolean; refetch: () => unknown };
  children: (account: Account) => ReactNode;
}) {
  let content;
  if (query.data !== undefined) content = children(query.data);
  else if (query.isError) content = <LoadError message={texts.loadFailed} onRetry={() => void query.refetch()} />;
  else
    content = (
      <Stack spacing={2} role="status" aria-label={texts.loadingProfile} sx={{ maxWidth: 560 }}>
        {Array.from({ length: rows }, (_, row) => (
          <Skeleton key={row} variant="rounded" height={56} />
        ))}
      </Stack>
    );
  return <PageHeading title={texts.title}>{content}</PageHeading>;
}
