// The state every validated form here shares: values, one message per field, the server's refusal,
// a busy flag, and a submit that checks first, focuses the first bad field, then sends.
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

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
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

  return { values, errors, failure, busy, update, handleSubmit };
}
