import { useCallback, useState, type FormEvent } from 'react';
import { type FileRule } from '@/api';
import { useFieldErrors, type FieldErrors, type MessageFields } from '@/hooks/useFieldErrors';
import { type UploadState } from './UploadFormActions';
import { type UploadToastOptions, type UploadToastTexts, useUploadToasts } from './useUploadToasts';

/** What became of a submission: saved (the new file choices are cleared), or failed with the reason. */
export type SubmitResult = { saved: true } | { saved: false; error?: unknown };

/**
 * Sends an upload with its toasts (`useUploadToasts`) and tells the form what became of it: saved,
 * cancelled (nothing more to say) or failed with the error whose reason the form shows.
 */
export function useUploadSubmit() {
  const withToasts = useUploadToasts();
  return useCallback(
    async <Result>(texts: UploadToastTexts, send: () => Promise<Result>, options?: UploadToastOptions<Result>): Promise<SubmitResult> => {
      const outcome = await withToasts(texts, send, options);
      if (outcome.ok) return { saved: true };
      return outcome.cancelled ? { saved: false } : { saved: false, error: outcome.error };
    },
    [withToasts],
  );
}

export interface UploadFormOptions<Values, Field extends string> {
  initial: Values;
  fieldOrder: readonly Field[];
  /** Where the provider's lone `msg` goes, by its words. */
  messageFields: MessageFields<Field>;
  /** The most characters of each text field (api-spec.yaml), checked before sending and counted near the limit. */
  limits: Partial<Record<Field, number>>;
  upload: UploadState;
  /** The problems to say before sending. */
  check: (values: Values) => FieldErrors<Field>;
  onSubmit: (values: Values) => Promise<SubmitResult>;
  /** The values once saved (the new file choices cleared). */
  saved: (values: Values) => Values;
}

/**
 * The state of an upload form (course, chapter): its values, checked before sending; the fields
 * disabled while uploading, so the focus waits for them; after the upload, a refusal's messages
 * under their fields or the focus back on the button, and why it failed (`failure`).
 */
export function useUploadForm<Values, Field extends string>({
  initial,
  fieldOrder,
  messageFields,
  limits,
  upload,
  check,
  onSubmit,
  saved,
}: UploadFormOptions<Values, Field>) {
  const [values, setValues] = useState<Values>(initial);
  /** Why the last submit failed: an alert when no toast said it, else a note read with the button. */
  const [failure, setFailure] = useState<{ text: string; alert: boolean } | null>(null);
  const kit = useFieldErrors(fieldOrder, { messageFields, limits, paused: upload.uploading });
  /** The file choices the file fields refused (wrong type, empty, too large): a submit stops at them. */
  const [refusedFiles, setRefusedFiles] = useState<FieldErrors<Field>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (upload.uploading) return;
    setFailure(null);
    // A refused file choice stops the submit too (else an edit would be saved without the file
    // the teacher meant to send); the file field already says why, so its message stays the one said.
    if (!kit.show({ ...refusedFiles, ...check(values) }, values as Partial<Record<Field, unknown>>)) return;
    const result = await onSubmit(values);
    // Cancel (which had the focus) is gone: the focus goes back to the button, or to the field at fault.
    setFailure(kit.settle(result.saved ? undefined : result.error));
    if (result.saved) setValues(saved);
  }

  /** Sets one value and forgets the message of its field. */
  function change<Name extends keyof Values>(name: Name, value: Values[Name], field: Field) {
    setValues((current) => ({ ...current, [name]: value }));
    kit.clear(field);
  }

  /** The props of an `UploadTextField`: its message (else `hint`) and its counter near the limit, its value; disabled while uploading. */
  function textField<Name extends keyof Values & Field>(name: Name, hint?: string) {
    const value = values[name] as string;
    return {
      field: kit.fieldProps(name, hint, value),
      value,
      onChange: (next: string) => change(name, next as Values[Name], name),
      disabled: upload.uploading,
    };
  }

  /** The props of a file field: its name, rules and whether it is required, the file chosen, its message; disabled while uploading. */
  function fileField<Name extends keyof Values & string>(name: Name, field: Field, rules: FileRule, required = false) {
    return {
      name: field,
      rules,
      required,
      value: values[name] as File | null,
      onChange: (file: File | null) => change(name, file as Values[Name], field),
      onRefuse: (problem: string | null) =>
        setRefusedFiles(({ [field]: _earlier, ...others }) => (problem === null ? others : { ...others, [field]: problem }) as FieldErrors<Field>),
      error: kit.errors[field],
      disabled: upload.uploading,
    };
  }

  return { ...kit, values, change, textField, fileField, failure, submit: (event: FormEvent<HTMLFormElement>) => void submit(event) };
}
