// Forgot password (issue 19): an email address, and the server's one answer whether or not an account
// uses it. The link in the mail opens /reset-password.

import { checkLogin, type ForgotPasswordRequest } from '@starport/api-client/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useApi } from '../app-providers.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { EmailField } from '../components/credential-fields.tsx';
import { FormSkeleton } from '../components/skeletons.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { useValidatedForm } from '../components/use-validated-form.ts';

const fields = ['email'] as const;
type Field = (typeof fields)[number];

// The login's email rule (present, not too long); the server checks the address's form.
function validate(values: Record<Field, string>): { data: ForgotPasswordRequest | null; errors: { email?: string } } {
  const { errors } = checkLogin({ email: values.email, password: 'x' });
  return errors.email
    ? { data: null, errors: { email: errors.email } }
    : { data: { email: values.email.trim() }, errors: {} };
}

export function ForgotPasswordPage() {
  const api = useApi();
  const [sent, setSent] = useState<string | null>(null);
  const { values, errors, failure, busy, update, handleSubmit } = useValidatedForm({
    fields,
    initial: { email: '' },
    validate,
    fallbackMessage: 'Could not send the link',
    submit: async (data) => {
      setSent((await api.auth.forgotPassword(data)).message);
    },
  });
  usePageTitle('Forgot password');

  return (
    <AuthCard {...forgotPasswordCopy} failure={failure}>
      {sent ? (
        <div className="banner banner-success" role="status">
          {sent}
        </div>
      ) : (
        <form className="form" noValidate onSubmit={handleSubmit}>
          <EmailField value={values.email} error={errors.email} onChange={(value) => update('email', value)} />
          <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy}>
            {busy ? 'Sending...' : 'Send reset link'}
          </button>
        </form>
      )}
      <p className="auth-switch">
        Remembered it? <Link to="/login">Log in</Link>
      </p>
    </AuthCard>
  );
}

const forgotPasswordCopy = {
  title: 'Forgot your password?',
  subtitle: 'Enter your email and we will send you a link to choose a new one.',
} as const;

export function ForgotPasswordShell() {
  return (
    <AuthCard {...forgotPasswordCopy} failure={null}>
      <FormSkeleton fields={1} />
    </AuthCard>
  );
}
