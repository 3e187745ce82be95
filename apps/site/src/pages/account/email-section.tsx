// Account › Email (issue 19): the address with its verified state, a new verification link on request,
// and a change of address (password required) that takes effect once the new address's link is opened.

import { ApiError } from '@starport/api-client/client';
import { checkLogin, credentialMessages } from '@starport/api-client/contract';
import { useSession } from '@starport/ui/session';
import { useId, useState } from 'react';
import { useApi } from '../../app-providers.tsx';
import { EmailField } from '../../components/credential-fields.tsx';
import { FormFailure } from '../../components/form-failure.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useValidatedForm } from '../../components/use-validated-form.ts';

const fields = ['email', 'password'] as const;

export const emailSectionMessages = {
  verified: 'Verified',
  unverified: 'Not verified',
  unverifiedHelp: 'Open the link we mailed you to verify this address.',
  resend: 'Send a new link',
  resendFailed: 'Could not send the link',
} as const;

export function EmailSection() {
  const api = useApi();
  const { user } = useSession();
  const headingId = useId();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [formKey, setFormKey] = useState(0);
  if (!user) return null;

  async function resend() {
    setSending(true);
    setNotice(null);
    try {
      setNotice({ tone: 'success', text: (await api.account.resendVerification()).message });
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof ApiError ? error.message : emailSectionMessages.resendFailed });
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="card account-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Email</h2>
      <p className="account-email">
        <span className="account-email-address">
          {/* A long address breaks after its @ rather than anywhere. */}
          {user.email.slice(0, user.email.lastIndexOf('@') + 1)}
          <wbr />
          {user.email.slice(user.email.lastIndexOf('@') + 1)}
        </span>{' '}
        <span className={user.emailVerified ? 'badge badge-success' : 'badge badge-warning'}>
          {user.emailVerified ? emailSectionMessages.verified : emailSectionMessages.unverified}
        </span>
      </p>
      {user.emailVerified ? null : (
        <div className="account-actions">
          <p className="text-muted">{emailSectionMessages.unverifiedHelp}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void resend()} disabled={sending}>
            {sending ? 'Sending...' : emailSectionMessages.resend}
          </button>
        </div>
      )}
      {notice ? (
        <div className={`banner banner-${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </div>
      ) : null}
      <h3 className="account-subheading">Change email</h3>
      <EmailForm
        key={formKey}
        onStart={() => setNotice(null)}
        onAsked={(text) => {
          setNotice({ tone: 'success', text });
          setFormKey((key) => key + 1);
        }}
      />
    </section>
  );
}

function EmailForm({ onStart, onAsked }: { onStart: () => void; onAsked: (message: string) => void }) {
  const api = useApi();
  const { values, errors, failure, busy, update, handleSubmit } = useValidatedForm({
    fields,
    initial: { email: '', password: '' },
    validate: (current) => {
      const { errors: found } = checkLogin({ email: current.email, password: current.password || 'x' });
      const result = {
        ...(found.email ? { email: found.email } : {}),
        ...(current.password ? {} : { password: credentialMessages.currentPasswordRequired }),
      };
      return { data: Object.keys(result).length ? null : { ...current, email: current.email.trim() }, errors: result };
    },
    fallbackMessage: 'Could not change the email',
    submit: async (data) => {
      onStart();
      onAsked((await api.account.changeEmail(data)).message);
    },
  });
  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      <FormFailure message={failure} />
      <EmailField
        label="New email"
        value={values.email}
        error={errors.email}
        onChange={(value) => update('email', value)}
      />
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        hint="Your current password, to confirm it is you."
        value={values.password}
        error={errors.password}
        onChange={(event) => update('password', event.target.value)}
      />
      <div className="account-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Change email'}
        </button>
      </div>
    </form>
  );
}
