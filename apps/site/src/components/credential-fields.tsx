// The fields every account form shares: an email address, and a new password typed twice with the
// rules as its hint (sign-up, reset, change). The password is checked when it is left, so the form
// says why it will not do before anything is sent.
import { PASSWORD_MIN_LENGTH } from '@starport/api-client/contract';
import { TextField } from './text-field.tsx';

export const newPasswordHint = `At least ${PASSWORD_MIN_LENGTH} characters; not a common password, a simple sequence, or your username or email.`;

export function EmailField({
  label = 'Email',
  value,
  error,
  onChange,
}: {
  label?: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      name="email"
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

type PasswordField = 'password' | 'confirmPassword';

export function NewPasswordFields({
  labels = { password: 'New password', confirmPassword: 'Confirm new password' },
  values,
  errors,
  update,
  check,
}: {
  labels?: Record<PasswordField, string>;
  values: Record<PasswordField, string>;
  errors: Partial<Record<PasswordField, string>>;
  update: (field: PasswordField, value: string) => void;
  check: (field: PasswordField) => void;
}) {
  return (
    <>
      <TextField
        name="password"
        label={labels.password}
        type="password"
        autoComplete="new-password"
        required
        hint={newPasswordHint}
        value={values.password}
        error={errors.password}
        onChange={(event) => update('password', event.target.value)}
        onBlur={() => {
          if (values.password) check('password');
        }}
      />
      <TextField
        name="confirmPassword"
        label={labels.confirmPassword}
        type="password"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(event) => update('confirmPassword', event.target.value)}
      />
    </>
  );
}
