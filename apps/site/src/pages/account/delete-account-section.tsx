// The Account page's danger zone: deleting the account, after the password and the username typed as
// a confirmation, in a dialog. What is erased and what is kept is said before anything is asked. On
// success the player leaves for the confirmation page, which forgets the session (the server has
// ended every session of the account already).
import { ApiError } from '@starport/api-client/client';
import type { User } from '@starport/api-client/contract';
import { Dialog } from '@starport/ui/dialog';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApi } from '../../app-providers.tsx';
import { FormFailure } from '../../components/form-failure.tsx';
import { TextField } from '../../components/text-field.tsx';
import { AccountSection } from './account-section.tsx';

export const ACCOUNT_DELETED_PATH = '/account-deleted';

export const deleteMessages = {
  open: 'Delete account',
  title: 'Delete your account?',
  confirm: 'Delete my account',
  deleting: 'Deleting...',
  cancel: 'Cancel',
  passwordLabel: 'Password',
  confirmLabel: (username: string) => `Type your username, ${username}, to confirm`,
  failed: 'Could not delete your account',
} as const;

/** What deleting does, said before the button and again in the dialog. */
function Consequences() {
  return (
    <ul className="account-consequences">
      <li>Your email, username, Discord link and signed-in devices are erased, and you are signed out everywhere.</li>
      <li>Your supporter subscription, if you have one, is cancelled: your card is not charged again.</li>
      <li>
        Your items and credits are gone for good. Records of past payments are kept for accounting, without your name.
      </li>
      <li>This cannot be undone. Your email and username can be used to sign up again.</li>
    </ul>
  );
}

function DeleteAccountDialog({ user, open, onClose }: { user: User; open: boolean; onClose: () => void }) {
  const api = useApi();
  const navigate = useNavigate();
  const descriptionId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmed = confirm.trim().toLowerCase() === user.username.toLowerCase();

  function close() {
    setPassword('');
    setConfirm('');
    setFailure(null);
    onClose();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirmed || !password) return;
    setBusy(true);
    setFailure(null);
    try {
      await api.account.deleteAccount({ password, confirm });
      // The confirmation page forgets the session once it is up: forgotten here, on a players-only
      // page, the guard would send the player to /login before the navigation lands.
      await navigate(ACCOUNT_DELETED_PATH, { replace: true, state: { accountDeleted: true } });
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : deleteMessages.failed);
      setBusy(false);
      // Back to the password, which is what a refusal is usually about.
      formRef.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
    }
  }

  return (
    <Dialog
      open={open}
      title={deleteMessages.title}
      onClose={close}
      describedBy={descriptionId}
      busy={busy}
      className="dialog-danger"
      formRef={formRef}
      onSubmit={submit}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={close} disabled={busy}>
            {deleteMessages.cancel}
          </button>
          <button
            type="submit"
            className="btn btn-danger"
            disabled={busy || !confirmed || !password}
            aria-busy={busy || undefined}
          >
            {busy ? deleteMessages.deleting : deleteMessages.confirm}
          </button>
        </>
      }
    >
      <div id={descriptionId} className="dialog-message">
        <Consequences />
      </div>
      <div className="account-form">
        <FormFailure message={failure} />
        <TextField
          name="password"
          type="password"
          label={deleteMessages.passwordLabel}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          disabled={busy}
          required
        />
        <TextField
          name="confirm"
          label={deleteMessages.confirmLabel(user.username)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          disabled={busy}
          required
        />
      </div>
    </Dialog>
  );
}

export function DeleteAccountSection({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  return (
    <AccountSection id="delete-account" title="Delete account" tone="danger">
      <Consequences />
      <div className="account-actions">
        <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
          {deleteMessages.open}
        </button>
      </div>
      <DeleteAccountDialog user={user} open={open} onClose={() => setOpen(false)} />
    </AccountSection>
  );
}
