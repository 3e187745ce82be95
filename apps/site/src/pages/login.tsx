// Login (SPEC.md §2, §5, §8): email and password, a busy label, and the server's refusal in a banner;
// then, for an account with two-factor sign-in, its code (login-code-step.tsx); or Sign in with Discord.

import { fallbackMessages } from '@starport/api-client/client';
import { checkLogin } from '@starport/api-client/contract';
import { useSession } from '@starport/ui/session';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { AuthCard } from '../components/auth-card.tsx';
import { EmailField } from '../components/credential-fields.tsx';
import { FormSkeleton } from '../components/skeletons.tsx';
import { TextField } from '../components/text-field.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { useQueryNotice } from '../components/use-query-notice.ts';
import { useValidatedForm } from '../components/use-validated-form.ts';
import { useLandingPath } from '../routing/tab-routes.tsx';
import { useSiteSettings } from '../site-settings.tsx';
import { SignInWithDiscord, useDiscordSignInReturn } from './discord-sign-in.tsx';
import { LoginCodeStep } from './login-code-step.tsx';

const fields = ['email', 'password'] as const;
type Field = (typeof fields)[number];

// Without zod (the contract's checkLogin, the same rules as the server's loginRequestSchema): the
// login page is a first page, and zod would be a tenth of its download.
const validate = (values: Record<Field, string>) => checkLogin(values);

export function LoginPage() {
  const { user, login } = useSession();
  const { discord } = useSiteSettings();
  const navigate = useNavigate();
  // The two-factor step's challenge, from the password or from Discord's way back.
  const [challenge, setChallenge] = useState<string | null>(null);
  // What a step that ended, or Discord's way back, has to say on the password step.
  const [notice, setNotice] = useState<string | null>(null);
  // The dashboard, or home while an admin hides the dashboard's tab.
  const landing = useLandingPath();
  const toDashboard = () => navigate(landing, { replace: true });
  useDiscordSignInReturn({ onChallenge: setChallenge, onFailure: setNotice, onSignedIn: toDashboard });
  const { values, errors, failure, busy, update, handleSubmit } = useValidatedForm({
    fields,
    initial: { email: '', password: '' },
    validate,
    fallbackMessage: fallbackMessages.login,
    submit: async (data) => {
      setNotice(null);
      const outcome = await login(data.email, data.password);
      if ('twoFactorRequired' in outcome) return setChallenge(outcome.challenge);
      toDashboard();
    },
  });
  usePageTitle('Login');
  // Back from a password reset (/login?reset=done): say it worked.
  const [resetDone, setResetDone] = useState(false);
  useQueryNotice(['reset'], (params) => setResetDone(params.get('reset') === 'done'));

  // Someone already signed in has nothing to do here; during our own submit the handler navigates.
  if (user && !busy) return <Navigate to={landing} replace />;

  if (challenge) {
    return (
      <LoginCodeStep
        challenge={challenge}
        onSignedIn={toDashboard}
        onBack={(reason) => {
          setChallenge(null);
          setNotice(reason);
        }}
      />
    );
  }

  return (
    <AuthCard {...loginCopy} failure={failure ?? notice}>
      {resetDone && !failure && !notice ? (
        <div className="banner banner-success" role="status">
          Your password was changed. Log in with the new one.
        </div>
      ) : null}
      <form className="form" noValidate onSubmit={handleSubmit}>
        <EmailField value={values.email} error={errors.email} onChange={(value) => update('email', value)} />
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
        <p className="auth-forgot">
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
        <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy}>
          {busy ? 'Logging in...' : 'Login'}
        </button>
      </form>

      {/* Issue 23: on a server without Discord's settings the button could only fail. */}
      {discord.linking ? (
        <>
          <div className="auth-divider" aria-hidden="true">
            <span>or</span>
          </div>
          <SignInWithDiscord />
        </>
      ) : null}

      <p className="auth-switch">
        New to Starport? <Link to="/register">Create an account</Link>
      </p>
    </AuthCard>
  );
}

const loginCopy = { title: 'Welcome back', subtitle: 'Log in to your Starport account.' } as const;

export function LoginShell() {
  return (
    <AuthCard {...loginCopy} failure={null}>
      <FormSkeleton fields={2} />
    </AuthCard>
  );
}
