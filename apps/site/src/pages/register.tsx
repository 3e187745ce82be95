// Register (SPEC.md §2, §5, §8): the contract's rules checked before sending, server refusals in a banner.

import { fallbackMessages } from '@starport/api-client/client';
import {
  messages,
  PASSWORD_MIN_LENGTH,
  registerRequestSchema,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '@starport/api-client/contract';
import { useSession } from '@starport/ui/session';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { AuthCard } from '../components/auth-card.tsx';
import type { FieldErrors } from '../components/form-errors.ts';
import { collectFieldErrors } from '../components/form-errors.ts';
import { TextField } from '../components/text-field.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { useValidatedForm } from '../components/use-validated-form.ts';

const fields = ['email', 'username', 'password', 'confirmPassword'] as const;
type Field = (typeof fields)[number];

const confirmRequired = 'Please confirm your password';

// The same schema the server validates with, plus the confirmation only the form knows about.
function validate(values: Record<Field, string>) {
  const parsed = registerRequestSchema.safeParse(values);
  const errors: FieldErrors<Field> = parsed.success ? {} : collectFieldErrors(fields, parsed.error.issues);
  // The schema's length rule would call an empty password "too short"; say what is missing instead.
  if (!values.password) errors.password = messages.passwordRequired;
  if (!values.confirmPassword) errors.confirmPassword = confirmRequired;
  else if (values.confirmPassword !== values.password) errors.confirmPassword = messages.passwordsDoNotMatch;
  return { data: parsed.success ? parsed.data : null, errors };
}

export function RegisterPage() {
  const { user, register } = useSession();
  const navigate = useNavigate();
  const { values, errors, failure, busy, update, handleSubmit } = useValidatedForm({
    fields,
    initial: { email: '', username: '', password: '', confirmPassword: '' },
    validate,
    fallbackMessage: fallbackMessages.register,
    submit: async (data) => {
      await register(data);
      navigate('/dashboard', { replace: true });
    },
  });
  usePageTitle('Sign Up');

  if (user && !busy) return <Navigate to="/dashboard" replace />;

  return (
    <AuthCard title="Create your account" subtitle="Join the galaxy in under a minute." failure={failure}>
      <form className="form" noValidate onSubmit={handleSubmit}>
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={values.email}
          error={errors.email}
          onChange={(event) => update('email', event.target.value)}
        />
        <TextField
          name="username"
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          hint={`${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters: letters, numbers, dots, hyphens or underscores.`}
          value={values.username}
          error={errors.username}
          onChange={(event) => update('username', event.target.value)}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={values.password}
          error={errors.password}
          onChange={(event) => update('password', event.target.value)}
        />
        <TextField
          name="confirmPassword"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={(event) => update('confirmPassword', event.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy}>
          {busy ? 'Creating account...' : 'Sign Up'}
        </button>
      </form>

      <p className="auth-switch">
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </AuthCard>
  );
}
