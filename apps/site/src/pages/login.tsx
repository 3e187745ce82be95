// Login (SPEC.md §2, §5, §8): email and password, a busy label, and the server's refusal in a banner.

import { ApiError, fallbackMessages } from '@starport/api-client/client';
import { loginRequestSchema } from '@starport/api-client/contract';
import { useSession } from '@starport/ui/session';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { AuthCard } from '../components/auth-card.tsx';
import type { FieldErrors } from '../components/form-errors.ts';
import { collectFieldErrors, firstInvalidField } from '../components/form-errors.ts';
import { TextField } from '../components/text-field.tsx';
import { usePageTitle } from '../components/use-page-title.ts';

const fields = ['email', 'password'] as const;
type Field = (typeof fields)[number];

export function LoginPage() {
  const { user, login } = useSession();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  usePageTitle('Login');

  // Someone already signed in has nothing to do here; during our own submit the handler navigates.
  if (user && !busy) return <Navigate to="/dashboard" replace />;

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const parsed = loginRequestSchema.safeParse(values);
    if (!parsed.success) {
      const found = collectFieldErrors(fields, parsed.error.issues);
      setErrors(found);
      const first = firstInvalidField(fields, found);
      if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }

    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await login(parsed.data.email, parsed.data.password);
      navigate('/dashboard', { replace: true });
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : fallbackMessages.login);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Welcome back" subtitle="Log in to your Starport account." failure={failure}>
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
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={values.password}
          error={errors.password}
          onChange={(event) => update('password', event.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy}>
          {busy ? 'Logging in...' : 'Login'}
        </button>
      </form>

      <p className="auth-switch">
        New to Starport? <Link to="/register">Create an account</Link>
      </p>
    </AuthCard>
  );
}
