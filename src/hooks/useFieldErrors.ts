import { createElement, useCallback, useEffect, useRef, useState } from 'react';
import { formErrors, type FormErrors } from '@/api';
import { LengthHelperText } from '@/components/forms/LengthHelperText';
import { COUNTER_FROM, isTooLong, lengthProblems, textLength } from '@/components/forms/textLength';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * Which field a refusal's lone `msg` is about, by the words it uses: `[pattern, field]` pairs,
 * the first match wins. For providers that answer `{ msg }` rather than a DRF field map.
 */
export type MessageFields<Field extends string> = readonly (readonly [RegExp, Field])[];

/**
 * `messageFields` for a provider that names the field in its message by the field's own name
 * (the local provider: 'The title must be at most 200 characters long.', 'The mobile no must…'):
 * each field of `fieldOrder`, its underscores read as spaces, as a whole word. Put after a form's
 * own patterns, which win.
 */
export function fieldsNamedIn<Field extends string>(fieldOrder: readonly Field[]): MessageFields<Field> {
  return fieldOrder.map((name) => [new RegExp(`\\b${name.replace(/_/g, '[ _]')}\\b`, 'i'), name] as const);
}

/**
 * The words of a refusal about an upload as a whole ('The upload is too large.', 'The request body
 * is too large.', 'The … file must be …'): a form with a file field puts it under that field
 * (`[uploadRefusal, 'featured_img']` last in its `messageFields`), said once, where it can be fixed.
 */
export const uploadRefusal = /\b(upload|file)s?\b|too large/i;

export interface FieldErrorsOptions<Field extends string> {
  /** Where a lone `msg` goes, by its words ("The image is too large…" → the image field). */
  messageFields?: MessageFields<Field>;
  /** While true (fields disabled during an upload) the focus waits, and moves once it is false. */
  paused?: boolean;
  /**
   * The most characters of each text field (api-spec.yaml `maxLength`, from `maxLengths` of
   * @/api, generated): checked before sending (`show(found, values)`), with a counter near the limit
   * (`fieldProps(name, hint, value)`). Such fields take no native `maxLength`, which would cut a
   * paste short without a word.
   */
  limits?: Partial<Record<Field, number>>;
}

/**
 * What a failed submission shows: the messages of the form's fields (a lone `msg` under the field
 * `messageFields` names) and the text for the rest, `fallback` when nothing was said. Pure, for a
 * caller that must know before the form does (no failure toast when a field says why).
 */
export function refusalOf<Field extends string>(
  error: unknown,
  fieldOrder: readonly Field[],
  messageFields: MessageFields<Field> = [],
  fallback: string | null = null,
): FormErrors<Field> {
  const fieldOfMessage = (message: string) => messageFields.find(([pattern]) => pattern.test(message))?.[1] ?? null;
  return formErrors(error, fieldOrder, fallback, fieldOfMessage);
}

/** Whether a failed submission's reason shows under one of the form's fields. */
export function refusalHasField<Field extends string>(error: unknown, fieldOrder: readonly Field[], messageFields?: MessageFields<Field>): boolean {
  return Object.keys(refusalOf(error, fieldOrder, messageFields).fields).length > 0;
}

/** What a refusal left for the form to show besides its field messages. */
export interface Refusal {
  /** The text no field shows (`errorText` of a fault, the provider's message, `non_field_errors`), or null. */
  message: string | null;
  /** Whether some field now shows a message of the refusal. */
  onFields: boolean;
}

/**
 * The one way a form says what is wrong: problems found before sending and a provider's refusal
 * (through `formErrors`, the one classifier in src/api/errors.ts) go under their fields, marked
 * invalid, and the focus moves to the first field at fault, in `fieldOrder`. Fields are found by
 * their `name` inside `formRef`'s form, so any input (text, select, file) takes part.
 */
export function useFieldErrors<Field extends string>(fieldOrder: readonly Field[], options: FieldErrorsOptions<Field> = {}) {
  const { messageFields = [], paused = false, limits } = options;
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  /** Where the focus goes next (an object, so asking for the same place again moves it again). */
  const [focusTarget, setFocusTarget] = useState<{ to: Field | 'submit' } | null>(null);

  useEffect(() => {
    if (focusTarget === null || paused) return;
    const selector = focusTarget.to === 'submit' ? 'button[type="submit"]' : `[name="${focusTarget.to}"]`;
    formRef.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [focusTarget, paused]);

  /** Moves the focus to a field, or to the submit button. */
  const focus = useCallback((to: Field | 'submit') => setFocusTarget({ to }), []);

  /**
   * Shows `found` under the fields (clearing the others) and focuses the first; true when nothing
   * was found. With the form's `values`, a text longer than its limit is found too.
   */
  const show = useCallback(
    (problems: FieldErrors<Field>, values?: Partial<Record<Field, unknown>>): boolean => {
      const found = values === undefined || limits === undefined ? problems : { ...lengthProblems(values, limits), ...problems };
      setErrors(found);
      const first = fieldOrder.find((name) => found[name] !== undefined);
      // Nothing found: an earlier target is forgotten (it would take the focus once an upload ends).
      setFocusTarget(first === undefined ? null : { to: first });
      return first === undefined;
    },
    [fieldOrder, limits],
  );

  /** Forgets the message of a field once its value changes. */
  const clear = useCallback((name: Field) => setErrors(({ [name]: _fixed, ...others }) => others as FieldErrors<Field>), []);

  /**
   * Shows a failed submission: the provider's field messages under their fields (the first one
   * focused), and returns the text for the rest, `fallback` when nothing was said.
   */
  const refuse = useCallback(
    (error: unknown, fallback: string | null): Refusal => {
      const { fields, message } = refusalOf(error, fieldOrder, messageFields, fallback);
      const onFields = !show(fields);
      return { message, onFields };
    },
    [fieldOrder, messageFields, show],
  );

  /**
   * After a save whose failure a toast has already announced (an upload): a refusal's messages go
   * under their fields (the first focused), else the focus returns to the submit button. Returns
   * the text no field shows, as an alert when it is news beside field messages, or as a note read
   * with the button (`alert` false) when it is the reason of the announced failure.
   */
  const settle = useCallback(
    (error: unknown): { text: string; alert: boolean } | null => {
      if (error === undefined) {
        setFocusTarget({ to: 'submit' });
        return null;
      }
      const { message, onFields } = refuse(error, null);
      if (!onFields) setFocusTarget({ to: 'submit' });
      return message === null ? null : { text: message, alert: onFields };
    },
    [refuse],
  );

  /**
   * The props that tie a field to its message: `name`, `error` and the message, else `hint`, as
   * helper text. Given the field's `value` and a limit for it, the helper text also counts the
   * characters near the limit, and the field is marked invalid while it is over.
   */
  const fieldProps = (name: Field, hint?: string, value?: string) => {
    const limit = limits?.[name];
    // Far from its limit a field shows only its message or hint (no empty line under it); the counter
    // and its live region come at COUNTER_FROM, before the limit is reached and announced.
    if (limit === undefined || value === undefined || textLength(value) < limit * COUNTER_FROM) {
      return { name, error: errors[name] !== undefined, helperText: errors[name] ?? hint };
    }
    return {
      name,
      error: errors[name] !== undefined || isTooLong(value, limit),
      helperText: createElement(LengthHelperText, { message: errors[name], hint, value, limit }),
    };
  };

  return { formRef, errors, show, clear, refuse, settle, focus, fieldProps };
}
