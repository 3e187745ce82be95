// The console's sign-in: server address (remembered), email and password. Only administrators get
// in; a player's fresh token is revoked at once and the reason shown. The login goes through its own
// client for the address just typed, since the session's client still points at the previous one.
// A plain-http address on another machine is warned about and needs a confirmation first. An
// account with two-factor sign-in is then asked for its code (or a recovery code) on a second step.

import { ApiError, createApiClient, fallbackMessages, isTwoFactorRequired } from '@starport/api-client/client';
import { type AuthResponse, twoFactorMessages } from '@starport/api-client/contract';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { normalizeServerUrl } from '../shared/bridge.ts';
import { isClearTextRemote } from './clear-text.ts';

export const signInMessages = {
  notAdmin: 'This account is not an administrator',
  badServer: 'Enter the server address, e.g. https://starport.example.com',
  unreachable: 'Could not reach the server',
  required: 'Email and password are required',
  clearText: 'This address is not encrypted: your password and session would travel in clear text.',
  clearTextConfirm: 'Connect without encryption anyway',
  clearTextUnconfirmed: 'Confirm that you want to connect without encryption, or use an https:// address',
  notRemembered:
    'Your sign-in will not be remembered after you close the console: this system has no secure key store.',
  codeStep: 'Enter the 6-digit code from your authenticator app.',
  recoveryStep: 'Enter one of your recovery codes. Each works once.',
} as const;

/** The second step of an account with two-factor sign-in: the client of the server, and its challenge. */
interface CodeStep {
  client: ReturnType<typeof createApiClient>;
  origin: string;
  challenge: string;
  setToken: (token: string) => void;
}

export interface SignInProps {
  serverUrl: string;
  /** False where the main process keeps the token in memory only (no secure key store). */
  remembersSignIn: boolean;
  /** An administrator signed in: keep the server and the token, and start the session. */
  onSignedIn: (serverUrl: string, token: string) => Promise<void>;
}

export function SignIn({ serverUrl, remembersSignIn, onSignedIn }: SignInProps) {
  const [server, setServer] = useState(serverUrl);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codeStep, setCodeStep] = useState<CodeStep | null>(null);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  // The plain-http address the admin agreed to send the password to; another address asks again.
  const [clearTextConfirmed, setClearTextConfirmed] = useState<string | null>(null);
  const origin = normalizeServerUrl(server);
  const clearText = origin !== null && isClearTextRemote(origin);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!origin) return setFailure(signInMessages.badServer);
    if (clearText && clearTextConfirmed !== origin) return setFailure(signInMessages.clearTextUnconfirmed);
    if (!email.trim() || !password) return setFailure(signInMessages.required);
    setBusy(true);
    setFailure(null);
    try {
      let token: string | null = null;
      const client = createApiClient({ baseUrl: `${origin}/api`, getToken: () => token });
      const answer = await client.auth.login({ email: email.trim(), password });
      if (isTwoFactorRequired(answer)) {
        const setToken = (value: string) => {
          token = value;
        };
        setCodeStep({ client, origin, challenge: answer.challenge, setToken });
        setCode('');
        setRecovery(false);
        setBusy(false);
        return;
      }
      token = answer.token;
      if (await finishSignIn(client, origin, answer)) return;
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message || fallbackMessages.login : signInMessages.unreachable);
    }
    setBusy(false);
  }

  /** Only an administrator gets in: a player's fresh token is revoked and the reason shown. False then. */
  async function finishSignIn(client: CodeStep['client'], origin: string, answer: AuthResponse): Promise<boolean> {
    if (!answer.user.isAdmin) {
      // The player's token is no use here: revoke it rather than leave it valid.
      await client.auth.logout().catch(() => undefined);
      setFailure(signInMessages.notAdmin);
      return false;
    }
    await onSignedIn(origin, answer.token);
    return true;
  }

  async function handleCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!codeStep) return;
    if (!code.trim()) return setFailure(twoFactorMessages.codeRequired);
    setBusy(true);
    setFailure(null);
    try {
      const answer = await codeStep.client.auth.loginWithCode({ challenge: codeStep.challenge, code: code.trim() });
      codeStep.setToken(answer.token);
      if (await finishSignIn(codeStep.client, codeStep.origin, answer)) return;
      setCodeStep(null);
    } catch (error) {
      const message = error instanceof ApiError ? error.message || fallbackMessages.login : signInMessages.unreachable;
      // A challenge that ended (expired, used, out of attempts) starts over from the password.
      if (message === twoFactorMessages.challengeInvalid) setCodeStep(null);
      setFailure(message);
    }
    setBusy(false);
  }

  if (codeStep) {
    return (
      <main className="console-sign-in">
        <div className="card console-sign-in-card">
          <h1>Starport Console</h1>
          <p className="text-muted">{recovery ? signInMessages.recoveryStep : signInMessages.codeStep}</p>
          {failure ? (
            <p className="field-error console-failure" role="alert">
              {failure}
            </p>
          ) : null}
          <form className="form" noValidate onSubmit={handleCode}>
            <label className="field">
              <span className="field-label">{recovery ? 'Recovery code' : 'Authentication code'}</span>
              <input
                className="input"
                name="code"
                autoComplete="one-time-code"
                inputMode={recovery ? 'text' : 'numeric'}
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            </label>
            <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy}>
              {busy ? 'Verifying...' : 'Verify'}
            </button>
          </form>
          <div className="console-code-options">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                setRecovery((value) => !value);
                setCode('');
                setFailure(null);
              }}
            >
              {recovery ? 'Use a code from your app' : 'Use a recovery code'}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                setCodeStep(null);
                setFailure(null);
              }}
            >
              Back
            </button>
          </div>
        </div>
      </main>
    );
  }

  return (
    <main className="console-sign-in">
      <div className="card console-sign-in-card">
        <h1>Starport Console</h1>
        <p className="text-muted">Sign in with an administrator account.</p>
        {remembersSignIn ? null : (
          <div className="banner banner-info" role="note">
            <span className="banner-text">{signInMessages.notRemembered}</span>
          </div>
        )}
        {failure ? (
          <p className="field-error console-failure" role="alert">
            {failure}
          </p>
        ) : null}
        <form className="form" noValidate onSubmit={handleSubmit}>
          <label className="field">
            <span className="field-label">Server address</span>
            <input
              className="input"
              name="server"
              type="url"
              placeholder="https://starport.example.com"
              value={server}
              onChange={(event) => setServer(event.target.value)}
            />
          </label>
          {clearText ? (
            <div className="banner banner-warning console-clear-text" role="note">
              <span className="banner-text">
                <span>{signInMessages.clearText}</span>
                <label className="check-field">
                  <input
                    className="checkbox"
                    type="checkbox"
                    name="clearText"
                    checked={clearTextConfirmed === origin}
                    onChange={(event) => setClearTextConfirmed(event.target.checked ? origin : null)}
                  />
                  <span className="check-label">{signInMessages.clearTextConfirm}</span>
                </label>
              </span>
            </div>
          ) : null}
          <label className="field">
            <span className="field-label">Email</span>
            <input
              className="input"
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          <label className="field">
            <span className="field-label">Password</span>
            <input
              className="input"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy}>
            {busy ? 'Signing in...' : 'Sign In'}
          </button>
        </form>
      </div>
    </main>
  );
}
