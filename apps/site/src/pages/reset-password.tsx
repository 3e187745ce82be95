// Reset password (issue 19): the page a reset link opens (/reset-password?token=…, from the mail or
// an admin). A new password typed twice, under the registration rules; once set, every session of
// the account has ended, this browser's too, and the player logs in with it.

import { useSession } from '@starport/ui/session';
import { useEffect, useEffectEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useApi } from '../app-providers.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { NewPasswordFields } from '../components/credential-fields.tsx';
import { newPasswordErrors } from '../components/new-password-errors.ts';
import { FormSkeleton } from '../components/skeletons.tsx';
import { useCommonPasswordCheck } from '../components/use-common-password-check.ts';
import { usePageTitle } from '../components/use-page-title.ts';
import { useValidatedForm } from '../components/use-validated-form.ts';

const fields = ['password', 'confirmPassword'] as const;

export const resetPageMessages = {
  noToken: 'This link is missing its token. Ask for a new one.',
  failed: 'Could not change the password',
} as const;

export function ResetPasswordPage() {
  const api = useApi();
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const isCommon = useCommonPasswordCheck();
  const { values, errors, failure, busy, update, check, recheck, handleSubmit } = useValidatedForm({
    fields,
    initial: { password: '', confirmPassword: '' },
    validate: (current) => {
      const found = newPasswordErrors(current, isCommon);
      return { data: found.password || found.confirmPassword ? null : current, errors: found };
    },
    fallbackMessage: resetPageMessages.failed,
    submit: async ({ password }) => {
      await api.auth.resetPassword({ token, password });
      // Every session of the account has ended: this browser's token is no good any more.
      if (user) await logout();
      navigate('/login?reset=done', { replace: true });
    },
  });
  usePageTitle('Reset password');
  const recheckPassword = useEffectEvent(() => recheck('password'));
  useEffect(() => {
    if (isCommon) recheckPassword();
  }, [isCommon]);

  return (
    <AuthCard {...resetPasswordCopy} failure={token ? failure : resetPageMessages.noToken}>
      {token ? (
        <form className="form" noValidate onSubmit={handleSubmit}>
          <NewPasswordFields values={values} errors={errors} update={update} check={check} />
          <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy}>
            {busy ? 'Saving...' : 'Set new password'}
          </button>
        </form>
      ) : null}
      <p className="auth-switch">
        Link expired? <Link to="/forgot-password">Ask for a new one</Link>
      </p>
    </AuthCard>
  );
}

const resetPasswordCopy = { title: 'Choose a new password', subtitle: 'Then log in with it.' } as const;

export function ResetPasswordShell() {
  return (
    <AuthCard {...resetPasswordCopy} failure={null}>
      <FormSkeleton fields={2} />
    </AuthCard>
  );
}
