// The login's second step for an account with two-factor sign-in (issue 19): the code from the
// authenticator app, or one of the recovery codes, for the challenge the password step gave. A
// challenge that has ended sends the player back to the password with the server's reason.

import { ApiError, fallbackMessages } from '@starport/api-client/client';
import { twoFactorMessages } from '@starport/api-client/contract';
import { useSession } from '@starport/ui/session';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { AuthCard } from '../components/auth-card.tsx';
import { TextField } from '../components/text-field.tsx';

export const codeStepCopy = {
  title: 'Two-factor sign-in',
  app: 'Enter the 6-digit code from your authenticator app.',
  recovery: 'Enter one of your recovery codes. Each one works once.',
} as const;

export interface LoginCodeStepProps {
  challenge: string;
  /** Signed in: where to go next. */
  onSignedIn(): void;
  /** Back to the password, with the reason when the challenge has ended. */
  onBack(reason: string | null): void;
}

function codeProblem(code: string, recovery: boolean): string | undefined {
  const trimmed = code.trim();
  if (!trimmed) return twoFactorMessages.codeRequired;
  if (!recovery && !/^\d{6}$/.test(trimmed.replace(/\s/g, ''))) return twoFactorMessages.appCodeShape;
  return undefined;
}

export function LoginCodeStep({ challenge, onSignedIn, onBack }: LoginCodeStepProps) {
  const { loginWithCode } = useSession();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = codeProblem(code, recovery);
    setError(problem);
    if (problem) return;
    setFailure(null);
    setBusy(true);
    try {
      // App codes are often shown as "123 456".
      await loginWithCode(challenge, recovery ? code.trim() : code.replace(/\s/g, ''));
      onSignedIn();
    } catch (caught) {
      const message = caught instanceof ApiError ? caught.message : fallbackMessages.login;
      if (message === twoFactorMessages.challengeInvalid) return onBack(message);
      setFailure(message);
      setBusy(false);
    }
  }

  function switchMode() {
    setRecovery(!recovery);
    setCode('');
    setError(undefined);
    setFailure(null);
  }

  return (
    <AuthCard
      title={codeStepCopy.title}
      subtitle={recovery ? codeStepCopy.recovery : codeStepCopy.app}
      failure={failure}
    >
      <form className="form" noValidate onSubmit={handleSubmit}>
        <TextField
          key={recovery ? 'recovery' : 'app'}
          name="code"
          label={recovery ? 'Recovery code' : 'Authentication code'}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          autoCapitalize={recovery ? 'characters' : 'off'}
          spellCheck={false}
          autoFocus
          required
          placeholder={recovery ? 'XXXX-XXXX-XXXX-XXXX-XXXX-XXXX' : '123456'}
          value={code}
          error={error}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy}>
          {busy ? 'Verifying...' : 'Verify'}
        </button>
      </form>
      <div className="auth-options">
        <button type="button" className="btn btn-ghost btn-sm" onClick={switchMode}>
          {recovery ? 'Use a code from your app' : 'Use a recovery code'}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onBack(null)}>
          Back to login
        </button>
      </div>
    </AuthCard>
  );
}
