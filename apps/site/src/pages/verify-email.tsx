// Verify email (issue 19): the page a verification link opens (/verify-email?token=…). It sends the
// token once (React's StrictMode runs effects twice; a used token would then be refused) and says
// which address is now verified; for an email change, that address is now the account's.

import { ApiError } from '@starport/api-client/client';
import { useSession } from '@starport/ui/session';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useApi } from '../app-providers.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { Block } from '../components/skeletons.tsx';
import { usePageTitle } from '../components/use-page-title.ts';

export const verifyPageMessages = {
  noToken: 'This link is missing its token.',
  failed: 'Could not verify the address',
  verified: (email: string) => `${email} is verified.`,
} as const;

export function VerifyEmailPage() {
  const api = useApi();
  const { user, refreshUser } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<{ email: string } | { failure: string } | null>(
    token ? null : { failure: verifyPageMessages.noToken },
  );
  const sent = useRef<string | null>(null);
  const refresh = useEffectEvent(() => (user ? refreshUser() : null));
  usePageTitle('Verify email');

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    api.auth.verifyEmail({ token }).then(
      async ({ email }) => {
        setOutcome({ email });
        await refresh();
      },
      (error) => setOutcome({ failure: error instanceof ApiError ? error.message : verifyPageMessages.failed }),
    );
  }, [api, token]);

  const failure = outcome && 'failure' in outcome ? outcome.failure : null;
  return (
    <AuthCard
      title={verifyEmailCopy.title}
      subtitle={outcome ? (failure ? 'The link did not work.' : 'All done.') : verifyEmailCopy.subtitle}
      failure={failure}
    >
      {outcome && 'email' in outcome ? (
        <div className="banner banner-success" role="status">
          {verifyPageMessages.verified(outcome.email)}
        </div>
      ) : null}
      {outcome ? (
        <p className="auth-switch">
          {user ? <Link to="/account">Back to your account</Link> : <Link to="/login">Log in</Link>}
        </p>
      ) : null}
    </AuthCard>
  );
}

const verifyEmailCopy = { title: 'Verify your email', subtitle: 'Checking your link...' } as const;

export function VerifyEmailShell() {
  return (
    <AuthCard {...verifyEmailCopy} failure={null}>
      <Block className="skeleton-button" />
    </AuthCard>
  );
}
