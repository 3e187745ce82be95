// The labelled fields of fields.tsx bound to a contract form (contract-form.ts) by name: each shows
// its field's message and clears it when edited; and the modal frame the tier, item and category
// forms share (title, the form, Cancel and the submit button that reads 'Saving...' while it saves).

import type { FormEvent, ReactNode, RefObject } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { Dialog } from '../../dialog/dialog.tsx';
import type { CheckboxFieldProps, SelectFieldProps, TextAreaFieldProps, TextFieldProps } from './fields.tsx';
import { CheckboxField, SelectField, TextAreaField, TextField } from './fields.tsx';

export interface BoundField<V extends FieldValues> {
  form: UseFormReturn<V, unknown, V>;
  name: FieldPath<V>;
  /** Also told of each new value (a name fills the slug, say). */
  onValueChange?: (value: string) => void;
}

// `form` is also an HTML attribute of inputs; here it is the contract form the field belongs to.
type Unbound<P> = Omit<P, 'form' | 'name' | 'value' | 'onValueChange' | 'error' | 'checked' | 'onCheckedChange'>;

/** A field's value, message and change handler, as the text, select and colour controls take them. */
export function useFormField<V extends FieldValues>({ form, name, onValueChange }: BoundField<V>) {
  const { field, fieldState } = useController({ control: form.control, name });
  const value: unknown = field.value;
  return {
    name,
    ref: field.ref,
    onBlur: field.onBlur,
    value: typeof value === 'string' ? value : '',
    error: fieldState.error?.message,
    onValueChange(next: string) {
      field.onChange(next);
      if (fieldState.error) form.clearErrors(name);
      onValueChange?.(next);
    },
  };
}

export function FormTextField<V extends FieldValues>(props: BoundField<V> & Unbound<TextFieldProps>) {
  const { form, name, onValueChange, ...rest } = props;
  return <TextField {...rest} {...useFormField({ form, name, onValueChange })} />;
}

export function FormTextAreaField<V extends FieldValues>(props: BoundField<V> & Unbound<TextAreaFieldProps>) {
  const { form, name, onValueChange, ...rest } = props;
  return <TextAreaField {...rest} {...useFormField({ form, name, onValueChange })} />;
}

export function FormSelectField<V extends FieldValues>(props: BoundField<V> & Unbound<SelectFieldProps>) {
  const { form, name, onValueChange, ...rest } = props;
  return <SelectField {...rest} {...useFormField({ form, name, onValueChange })} />;
}

export function FormCheckboxField<V extends FieldValues>(
  props: Omit<BoundField<V>, 'onValueChange'> & Unbound<CheckboxFieldProps>,
) {
  const { form, name, ...rest } = props;
  const { field } = useController({ control: form.control, name });
  return <CheckboxField {...rest} name={name} checked={field.value === true} onCheckedChange={field.onChange} />;
}

export interface FormDialogProps {
  title: string;
  onClose: () => void;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  submitLabel: string;
  children: ReactNode;
}

export function FormDialog({ title, onClose, formRef, onSubmit, busy, submitLabel, children }: FormDialogProps) {
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      busy={busy}
      className="dialog-wide"
      formRef={formRef}
      onSubmit={onSubmit}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving...' : submitLabel}
          </button>
        </>
      }
    >
      <div className="admin-form">{children}</div>
    </Dialog>
  );
}
