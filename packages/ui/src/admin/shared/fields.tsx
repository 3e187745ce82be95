// Labelled form controls for the admin forms: each wires its label, hint and error for screen
// readers (the error is read with the field, and the first bad field takes the focus on submit).

import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

export function Field({ label, error, hint, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

export interface TextFieldProps extends InputProps {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  fieldClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, value, onValueChange, error, hint, fieldClassName, ref, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} {...(fieldClassName ? { className: fieldClassName } : {})}>
      {(control) => (
        <input
          type="text"
          {...control}
          {...input}
          ref={ref}
          className="input"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}

export interface TextAreaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  fieldClassName?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({
  label,
  value,
  onValueChange,
  error,
  hint,
  fieldClassName,
  ref,
  ...rest
}: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} {...(fieldClassName ? { className: fieldClassName } : {})}>
      {(control) => (
        <textarea
          {...control}
          {...rest}
          ref={ref}
          className="textarea"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  fieldClassName?: string;
  children: ReactNode;
}

export function SelectField({
  label,
  value,
  onValueChange,
  error,
  hint,
  fieldClassName,
  children,
  ...rest
}: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} {...(fieldClassName ? { className: fieldClassName } : {})}>
      {(control) => (
        <select
          {...rest}
          {...control}
          className="select"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        >
          {children}
        </select>
      )}
    </Field>
  );
}

export interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  name?: string;
  disabled?: boolean;
  hint?: ReactNode;
}

export function CheckboxField({ label, checked, onCheckedChange, name, disabled, hint }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="check-field">
      <input
        id={id}
        type="checkbox"
        className="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <label htmlFor={id} className="check-label">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint check-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
