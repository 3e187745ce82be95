// The state every validated form here shares: values, one message per field, the server's refusal,
// a busy flag, and a submit that checks first, focuses the first bad field, then sends. A field can
// also be checked before submitting (on blur): from then on its message follows what is typed.
import { ApiError } from '@starport/api-client/client';
import type { FormEvent } from 'react';
import { useState } from 'react';
import type { FieldErrors } from './form-errors.ts';
import { firstInvalidField } from './form-errors.ts';

export interface ValidatedFormOptions<Field extends string, Data> {
  fields: readonly Field[];
  initial: Record<Field, string>;
  /** The checks made before anything is sent: the data to send, or the messages to show. */
  validate(values: Record<Field, string>): { data: Data | null; errors: FieldErrors<Field> };
  submit(data: Data): Promise<void>;
  /** Shown when a refusal carries no message of its own (SPEC.md §8). */
  fallbackMessage: string;
}

export function useValidatedForm<Field extends string, Data>(options: ValidatedFormOptions<Field, Data>) {
  const { fields, validate, submit, fallbackMessage } = options;
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [checked, setChecked] = useState<ReadonlySet<Field>>(new Set());

  function update(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors((current) => ({ ...current, [field]: checked.has(field) ? validate(next).errors[field] : undefined }));
  }

  /** Shows the field's message now, before any submit. */
  function check(field: Field) {
    if (!checked.has(field)) setChecked(new Set(checked).add(field));
    setErrors((current) => ({ ...current, [field]: validate(values).errors[field] }));
  }

  /** Checks again a field already checked (the rules changed: a list arrived, say). */
  function recheck(field: Field) {
    if (checked.has(field)) check(field);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const { data, errors: found } = validate(values);
    const first = firstInvalidField(fields, found);
    if (first || data === null) {
      setErrors(found);
      if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await submit(data);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : fallbackMessage);
    } finally {
      setBusy(false);
    }
  }

  return { values, errors, failure, busy, update, check, recheck, handleSubmit };
}
