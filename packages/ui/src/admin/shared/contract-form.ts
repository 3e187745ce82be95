// The admin forms' one form layer: react-hook-form holding what is typed, and the contract's own zod
// schema, behind @hookform/resolvers, deciding what may be sent. A form's values become the request
// with its `toInput` (SPEC.md §5: how numbers are read, what a hidden part sends), so every field
// shows, before anything is sent, the very message the server would answer with.

import { zodResolver } from '@hookform/resolvers/zod';
import { adminMessages } from '@starport/api-client/contract';
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { get, useForm } from 'react-hook-form';
import { z } from 'zod';
import { focusFirstError } from './form-errors.ts';

/** What a form's values must pass: turned into the request, then checked by the contract's schema. */
export function formSchema<Values, Input>(
  toInput: (values: Values) => Input,
  schema: z.ZodType<unknown, Awaited<Input>>,
) {
  return z.pipe(z.transform(toInput), schema);
}

/** SPEC.md §5: the forms require a slug, though the API would make one from the name; then the contract's rules. */
export function requiredSlug(rules: z.ZodType<string, string>) {
  return z.string().trim().min(1, adminMessages.slugRequired).pipe(rules);
}

export interface ContractFormOptions<Values extends FieldValues, Input> {
  defaultValues: DefaultValues<Values>;
  toInput: (values: Values) => Input;
  /** formSchema(toInput, …) of the form: field names are the request's paths, so messages land on them. */
  schema: z.ZodType<unknown, Values>;
  /** False when the server refused: the form stays open with what was typed. */
  onSave: (input: Input) => Promise<boolean>;
}

export function useContractForm<Values extends FieldValues, Input>(options: ContractFormOptions<Values, Input>) {
  const { toInput, onSave } = options;
  const formRef = useRef<HTMLFormElement>(null);
  // raw: the values as typed come back, and are sent as toInput makes them (not as the schema trims them).
  const [resolver] = useState(() => zodResolver(options.schema, undefined, { raw: true }));
  const form = useForm<Values, unknown, Values>({
    defaultValues: options.defaultValues,
    resolver,
    // A message stays until its field is edited (the fields clear it) or the form is sent again.
    reValidateMode: 'onSubmit',
    // The first bad field in page order takes the focus, not the first registered.
    shouldFocusError: false,
  });
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(
    async (values) => {
      await onSave(toInput(values));
    },
    (errors) => focusFirstError(formRef.current, (name) => get(errors, name) !== undefined),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) void submit(event);
  }

  /** What the form's FormDialog takes. */
  return { form, dialog: { formRef, onSubmit, busy } };
}
