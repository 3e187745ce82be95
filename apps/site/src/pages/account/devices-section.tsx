// The Account page's Signed-in devices: every session of the player with its browser and system, its
// address and last use, "This device" marked; "Sign out" for each other one, and all others at once.
// A signed-out device's next call is refused by the server at once (services/accounts/devices.ts).
import { ApiError } from '@starport/api-client/client';
import type { AccountSession } from '@starport/api-client/contract';
import { formatDate, formatDateTime } from '@starport/ui/format';
import { useToast } from '@starport/ui/toast';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../app-providers.tsx';
import { Block } from '../../components/skeletons.tsx';
import { AccountSection } from './account-section.tsx';

export const deviceMessages = {
  thisDevice: 'This device',
  signOut: 'Sign out',
  signOutOthers: 'Sign out all other devices',
  signingOut: 'Signing out...',
  signedOut: (device: string) => `Signed out ${device}.`,
  signedOutOthers: (count: number) =>
    count === 1 ? 'Signed out 1 other device.' : `Signed out ${count} other devices.`,
  noOthers: 'No other device is signed in to your account.',
  loadFailed: 'Could not load your signed-in devices.',
  retry: 'Try again',
  signOutFailed: 'Could not sign out that device',
} as const;

function DeviceRow({
  session,
  busy,
  onSignOut,
}: {
  session: AccountSession;
  busy: boolean;
  onSignOut: (session: AccountSession) => void;
}) {
  return (
    <li className={session.current ? 'device device-current' : 'device'}>
      <div className="device-main">
        <p className="device-name">
          {session.device}
          {session.current ? <span className="badge device-badge">{deviceMessages.thisDevice}</span> : null}
        </p>
        <p className="device-meta">
          <span>
            Last used <time dateTime={session.lastUsedAt}>{formatDateTime(session.lastUsedAt)}</time>
          </span>
          {session.address ? <span>from {session.address}</span> : null}
          <span>
            Signed in <time dateTime={session.createdAt}>{formatDate(session.createdAt)}</time>
          </span>
        </p>
      </div>
      {session.current ? null : (
        <button
          type="button"
          className="btn btn-secondary btn-sm device-action"
          onClick={() => onSignOut(session)}
          disabled={busy}
          aria-label={`${deviceMessages.signOut} ${session.device}, last used ${formatDateTime(session.lastUsedAt)}`}
        >
          {deviceMessages.signOut}
        </button>
      )}
    </li>
  );
}

export function DevicesSection() {
  const api = useApi();
  const toast = useToast();
  const [sessions, setSessions] = useState<AccountSession[] | null>(null);
  const [failed, setFailed] = useState(false);
  /** The id being signed out, or 'others'. */
  const [busy, setBusy] = useState<string | null>(null);
  // Where the keyboard goes when the button it was on leaves with its device.
  const listRef = useRef<HTMLUListElement>(null);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setSessions((await api.account.sessions()).sessions);
    } catch (error) {
      console.error(deviceMessages.loadFailed, error);
      setFailed(true);
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  async function signOut(session: AccountSession) {
    setBusy(session._id);
    try {
      await api.account.signOutSession(session._id);
      setSessions((list) => list?.filter((s) => s._id !== session._id) ?? null);
      listRef.current?.focus();
      toast.success(deviceMessages.signedOut(session.device));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : deviceMessages.signOutFailed);
      // It may have been signed out elsewhere meanwhile: show what is true now.
      await load();
    } finally {
      setBusy(null);
    }
  }

  async function signOutOthers() {
    setBusy('others');
    try {
      const { signedOut } = await api.account.signOutOtherSessions();
      setSessions((list) => list?.filter((s) => s.current) ?? null);
      toast.success(deviceMessages.signedOutOthers(signedOut));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : deviceMessages.signOutFailed);
    } finally {
      setBusy(null);
    }
  }

  const others = sessions?.filter((s) => !s.current) ?? [];
  return (
    <AccountSection
      id="devices"
      title="Signed-in devices"
      lead="Where your account is signed in. Sign out any device you do not recognise, then change your password."
    >
      {sessions ? (
        <>
          <ul ref={listRef} className="device-list" tabIndex={-1} aria-label="Signed-in devices">
            {sessions.map((session) => (
              <DeviceRow key={session._id} session={session} busy={busy !== null} onSignOut={signOut} />
            ))}
          </ul>
          {others.length === 0 ? <p className="account-note">{deviceMessages.noOthers}</p> : null}
          <div className="account-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={signOutOthers}
              disabled={busy !== null || others.length === 0}
              aria-busy={busy === 'others' || undefined}
            >
              {busy === 'others' ? deviceMessages.signingOut : deviceMessages.signOutOthers}
            </button>
          </div>
        </>
      ) : failed ? (
        <div className="account-note" role="alert">
          <p>{deviceMessages.loadFailed}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void load()}>
            {deviceMessages.retry}
          </button>
        </div>
      ) : (
        <div className="device-list-skeleton">
          <p className="visually-hidden" role="status">
            Loading your devices...
          </p>
          <Block className="skeleton-line" />
          <Block className="skeleton-line skeleton-line-short" />
        </div>
      )}
    </AccountSection>
  );
}
