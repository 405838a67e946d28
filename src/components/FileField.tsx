import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { fileHint, fileProblem, type FileKind, type FileRules } from './fileChecks';
import { VideoPlayer } from './VideoPlayer';

export interface FileFieldProps {
  /** The field's visible label, e.g. 'Course image'. */
  label: string;
  /** Field name of the native input. */
  name: string;
  kind: FileKind;
  /** The types and size the file must have; a file that breaks them is refused here, never sent. */
  rules: FileRules;
  /** The chosen file, or null. */
  value: File | null;
  /** Called with a file that passed the checks, or with null when the choice was refused or cleared. */
  onChange: (file: File | null) => void;
  /**
   * Called with why a choice was refused (shown under the field), or null once a choice passed:
   * for a form that must not send while the last choice was refused.
   */
  onRefuse?: (problem: string | null) => void;
  /** What the server holds now (an image, video or captions URL), shown beside the new choice. */
  currentUrl?: string | null;
  /** For a video field: the captions of the current video, played with it. */
  currentCaptionsUrl?: string | null;
  required?: boolean;
  /** A message from the form (e.g. 'Choose a course image.'); the field's own check messages win. */
  error?: string;
  disabled?: boolean;
  /** Under the field while it has no error; defaults to the accepted types and size. */
  hint?: string;
  /** Receives the native input, so a form can move the focus to it. */
  inputRef?: (node: HTMLInputElement | null) => void;
}

/** An object URL for a chosen file (none where the browser cannot make one). */
function objectUrlOf(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

function Preview({
  kind,
  url,
  caption,
  captionsUrl = null,
  isNew = false,
}: {
  kind: FileKind;
  url: string;
  caption: string;
  captionsUrl?: string | null;
  /** A preview of the file just chosen, not yet sent. */
  isNew?: boolean;
}) {
  if (kind === 'captions') {
    // A captions file has nothing to see but its text, which the browser shows at its address.
    return (
      <Typography variant="body2">
        <Link href={url} target="_blank" rel="noopener">
          {caption}
        </Link>
      </Typography>
    );
  }
  return (
    <Box component="figure" sx={{ m: 0, maxWidth: 320 }}>
      {kind === 'image' ? (
        <Box component="img" src={url} alt={caption} sx={{ display: 'block', maxWidth: '100%', maxHeight: 200, borderRadius: 1 }} />
      ) : (
        <VideoPlayer src={url} captionsUrl={captionsUrl} label={caption} noteMissingCaptions={!isNew} />
      )}
      <Typography component="figcaption" variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {caption}
      </Typography>
    </Box>
  );
}

/**
 * A labelled native file input for an image or a video, with the accepted types and size under
 * it, a check of the chosen file against them before anything is sent (the reason is shown
 * under the field and announced), and previews of the current file and of the new choice.
 */
export function FileField({
  label,
  name,
  kind,
  rules,
  value,
  onChange,
  onRefuse,
  currentUrl,
  currentCaptionsUrl,
  required,
  error,
  disabled,
  hint,
  inputRef,
}: FileFieldProps) {
  const inputId = useId();
  const messageId = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The preview of the file chosen here, shown while it is the field's value. */
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const previewUrl = preview !== null && preview.file === value ? preview.url : null;

  // A replaced or unmounted preview frees its object URL.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);
  const message = problem ?? error;
  const noun = label.toLowerCase();

  useEffect(() => {
    // The form cleared the choice (e.g. after saving): clear the native input too.
    if (value === null && input.current) input.current.value = '';
  }, [value]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    const refused = file ? fileProblem(file, rules, kind) : null;
    setProblem(refused);
    onRefuse?.(refused);
    if (refused) event.target.value = '';
    const url = file && !refused ? objectUrlOf(file) : null;
    setPreview(file && url ? { file, url } : null);
    onChange(refused ? null : file);
  }

  return (
    // Only the input is disabled: the label and hint stay readable (full contrast) meanwhile.
    <FormControl error={message !== undefined && message !== null} required={required}>
      <FormLabel htmlFor={inputId} sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      <Box
        component="input"
        id={inputId}
        name={name}
        type="file"
        accept={rules.types.join(',')}
        // Not the native `required`: with no file chosen yet, it makes the input :invalid, which
        // browsers expose as 'invalid' before anything was done. Invalid only with a message.
        aria-required={required ? true : undefined}
        disabled={disabled}
        aria-invalid={message ? true : undefined}
        aria-describedby={messageId}
        onChange={choose}
        ref={(node: HTMLInputElement | null) => {
          input.current = node;
          inputRef?.(node);
        }}
        sx={{ font: 'inherit', maxWidth: '100%' }}
      />
      <FormHelperText id={messageId} role={problem ? 'alert' : undefined} sx={{ mx: 0 }}>
        {message ?? hint ?? fileHint(rules)}
      </FormHelperText>
      {currentUrl || previewUrl ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1.5 }}>
          {currentUrl ? <Preview kind={kind} url={currentUrl} caption={`Current ${noun}`} captionsUrl={currentCaptionsUrl} /> : null}
          {previewUrl ? <Preview kind={kind} url={previewUrl} caption={`New ${noun} (preview)`} isNew /> : null}
        </Stack>
      ) : null}
    </FormControl>
  );
}
