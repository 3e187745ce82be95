// Copy reset link (issue 19): a one-time password reset link for a player, made on request (it works
// for 30 minutes, once, and the audit log records who made it), shown to copy and hand over; it works
// whether or not the server can send mail.
import type { AdminUser } from '@starport/api-client/contract';
import { useRef, useState } from 'react';
import { Dialog } from '../../dialog/dialog.tsx';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { messageOr } from '../shared/errors.ts';

export const resetLinkMessages = {
  explain: (name: string) =>
    `Make a one-time link that lets ${name} choose a new password. It works once, for 30 minutes; using it signs ${name} out everywhere. Hand it over only to the player, through a channel you trust.`,
  failed: 'Failed to create the reset link',
  copied: 'Reset link copied',
  copyFailed: 'Could not copy: select the link and copy it',
} as const;

/** The time the link stops working, in the admin's own clock: it lasts half an hour, so the hour matters. */
const untilTime = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

export function ResetLinkDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const api = useAdminApi();
  const toast = useToast();
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  async function create() {
    setBusy(true);
    try {
      setLink(await api.admin.users.resetLink(user._id));
    } catch (error) {
      toast.error(messageOr(error, resetLinkMessages.failed));
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      toast.success(resetLinkMessages.copied);
    } catch {
      field.current?.select();
      toast.error(resetLinkMessages.copyFailed);
    }
  }

  return (
    <Dialog
      open
      title={`Password reset link for ${user.user_name}`}
      onClose={onClose}
      busy={busy}
      actions={
        link ? (
          <>
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              Close
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void copy()}>
              Copy link
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
              Cancel
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void create()} disabled={busy}>
              {busy ? 'Creating...' : 'Create link'}
            </button>
          </>
        )
      }
    >
      {link ? (
        <div className="form">
          <label className="field">
            <span className="field-label">Reset link (works once, until {untilTime(link.expiresAt)})</span>
            <input
              ref={field}
              id="admin-reset-link"
              name="resetLink"
              className="input"
              readOnly
              value={link.url}
              onFocus={(event) => event.currentTarget.select()}
            />
          </label>
        </div>
      ) : (
        <p>{resetLinkMessages.explain(user.user_name)}</p>
      )}
    </Dialog>
  );
}
