// The Account page's Two-factor sign-in (issue 19): set up an authenticator app with a QR code (the
// secret shown too, for typing in), confirm it with a first code, then the ten recovery codes, shown
// this once, to copy or download; and turn it off with the password and a code.
import type { ApiClient } from '@starport/api-client/client';
import { ApiError } from '@starport/api-client/client';
import type { TwoFactorSetupResponse, TwoFactorStatusResponse } from '@starport/api-client/contract';
import { credentialMessages, twoFactorMessages } from '@starport/api-client/contract';
import { useToast } from '@starport/ui/toast';
import type { FormEvent, ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useApi } from '../../app-providers.tsx';
import { FormFailure } from '../../components/form-failure.tsx';
import { TextField } from '../../components/text-field.tsx';
import { AccountSection } from './account-section.tsx';

export const twoFactorSectionMessages = {
  lead: 'After your password, signing in asks for a code from an authenticator app on your phone (Google Authenticator, Authy, 1Password, Aegis…).',
  off: 'Two-factor sign-in is off.',
  on: 'Two-factor sign-in is on.',
  start: 'Set up two-factor sign-in',
  starting: 'Preparing...',
  scan: 'Scan this QR code with your authenticator app, or type the key below into it. Then enter the 6-digit code it shows.',
  enable: 'Turn on',
  enabling: 'Turning on...',
  enabled: 'Two-factor sign-in is on.',
  codesTitle: 'Your recovery codes',
  codesLead:
    'Each code signs you in once if you lose your phone. Save them somewhere safe now: they will not be shown again.',
  copy: 'Copy codes',
  copied: 'Recovery codes copied.',
  download: 'Download codes',
  saved: 'I have saved my recovery codes',
  disable: 'Turn off two-factor sign-in',
  disabling: 'Turning off...',
  disabled: 'Two-factor sign-in is off.',
  loadFailed: 'Could not load your two-factor sign-in',
  failed: 'Something went wrong. Please try again.',
} as const;

const RECOVERY_FILE = 'starport-recovery-codes.txt';

/** "ABCD EFGH …": a base32 key is easier to type in groups of four. */
const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : twoFactorSectionMessages.failed);

function useTwoFactorStatus(api: ApiClient) {
  const [status, setStatus] = useState<TwoFactorStatusResponse | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api.twoFactor.status().then(
      (answer) => live && setStatus(answer),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return { status, setStatus, failed };
}

export function TwoFactorSection() {
  const api = useApi();
  const { status, setStatus, failed } = useTwoFactorStatus(api);
  // Shown once, straight after turning on; gone when the player says they are saved.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body: ReactNode;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (failed) {
    body = <p className="account-note">{twoFactorSectionMessages.loadFailed}</p>;
  } else if (!status) {
    body = <div className="skeleton-line" aria-hidden="true" />;
  } else if (status.enabled) {
    body = <TwoFactorOn status={status} onTurnedOff={setStatus} />;
  } else {
    body = (
      <TwoFactorSetup
        onEnabled={(codes) => {
          setRecoveryCodes(codes);
          setStatus({ enabled: true, recoveryCodesLeft: codes.length });
        }}
      />
    );
  }

  return (
    <AccountSection id="two-factor" title="Two-factor sign-in" lead={twoFactorSectionMessages.lead}>
      {body}
    </AccountSection>
  );
}

function TwoFactorSetup({ onEnabled }: { onEnabled(codes: string[]): void }) {
  const api = useApi();
  const toast = useToast();
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      setSetup(await api.twoFactor.setup());
      setCode('');
      setError(undefined);
    } catch (caught) {
      toast.error(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) return setError(twoFactorMessages.appCodeShape);
    setBusy(true);
    setError(undefined);
    try {
      const { recoveryCodes } = await api.twoFactor.enable(typed);
      toast.success(twoFactorSectionMessages.enabled);
      onEnabled(recoveryCodes);
    } catch (caught) {
      setError(messageOf(caught));
      setBusy(false);
    }
  }

  if (!setup) {
    return (
      <>
        <p className="account-note">{twoFactorSectionMessages.off}</p>
        <div className="account-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={start}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? twoFactorSectionMessages.starting : twoFactorSectionMessages.start}
          </button>
        </div>
      </>
    );
  }

  return (
    <div className="two-factor-setup">
      <p className="account-note">{twoFactorSectionMessages.scan}</p>
      <div className="two-factor-pairing">
        <img
          className="two-factor-qr"
          src={setup.qrCode}
          width={200}
          height={200}
          alt="QR code for your authenticator app"
        />
        <div className="two-factor-key">
          <span className="field-label" id="two-factor-key-label">
            Key for typing in
          </span>
          <code className="two-factor-secret" data-testid="two-factor-secret">
            {groupKey(setup.secret)}
          </code>
        </div>
      </div>
      <form className="account-form" onSubmit={confirm} noValidate>
        <TextField
          name="code"
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder="123456"
          value={code}
          error={error}
          onChange={(event) => setCode(event.target.value)}
          disabled={busy}
          required
        />
        <div className="account-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? twoFactorSectionMessages.enabling : twoFactorSectionMessages.enable}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setSetup(null)} disabled={busy}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const toast = useToast();
  const text = `${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(twoFactorSectionMessages.copied);
    } catch {
      toast.error(twoFactorSectionMessages.failed);
    }
  }

  return (
    <div className="two-factor-codes">
      <h3 className="two-factor-codes-title">{twoFactorSectionMessages.codesTitle}</h3>
      <p className="account-note">{twoFactorSectionMessages.codesLead}</p>
      <ol className="recovery-codes" aria-label={twoFactorSectionMessages.codesTitle}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="account-actions">
        <button type="button" className="btn btn-secondary" onClick={copy}>
          {twoFactorSectionMessages.copy}
        </button>
        <a
          className="btn btn-secondary"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={RECOVERY_FILE}
        >
          {twoFactorSectionMessages.download}
        </a>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {twoFactorSectionMessages.saved}
        </button>
      </div>
    </div>
  );
}

function TwoFactorOn({
  status,
  onTurnedOff,
}: {
  status: TwoFactorStatusResponse;
  onTurnedOff(status: TwoFactorStatusResponse): void;
}) {
  const api = useApi();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const left = status.recoveryCodesLeft;

  async function turnOff(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password || !code.trim())
      return setFailure(!password ? credentialMessages.currentPasswordRequired : twoFactorMessages.codeRequired);
    setBusy(true);
    setFailure(null);
    try {
      const answer = await api.twoFactor.disable({ password, code: code.trim() });
      toast.success(twoFactorSectionMessages.disabled);
      onTurnedOff(answer);
    } catch (caught) {
      setFailure(messageOf(caught));
      setBusy(false);
    }
  }

  return (
    <>
      <p className="account-note">
        <strong className="two-factor-on">{twoFactorSectionMessages.on}</strong>{' '}
        {left === 1 ? '1 recovery code left.' : `${left} recovery codes left.`}
      </p>
      {open ? (
        <form className="account-form" onSubmit={turnOff} noValidate>
          <FormFailure message={failure} />
          <TextField
            name="password"
            type="password"
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={busy}
            required
          />
          <TextField
            name="code"
            label="Code from the app, or a recovery code"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            disabled={busy}
            required
          />
          <div className="account-actions">
            <button type="submit" className="btn btn-danger" disabled={busy} aria-busy={busy || undefined}>
              {busy ? twoFactorSectionMessages.disabling : twoFactorSectionMessages.disable}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="account-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
            {twoFactorSectionMessages.disable}
          </button>
        </div>
      )}
    </>
  );
}
