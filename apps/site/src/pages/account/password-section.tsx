// Account › Password (issue 19): the current password, then the new one twice under the registration
// rules. Changing it signs out every other device; this one stays signed in, and a notice is mailed.
import { credentialMessages } from '@starport/api-client/contract';
import { useSession } from '@starport/ui/session';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useApi } from '../../app-providers.tsx';
import { NewPasswordFields } from '../../components/credential-fields.tsx';
import { FormFailure } from '../../components/form-failure.tsx';
import { newPasswordErrors } from '../../components/new-password-errors.ts';
import { TextField } from '../../components/text-field.tsx';
import { useCommonPasswordCheck } from '../../components/use-common-password-check.ts';
import { useValidatedForm } from '../../components/use-validated-form.ts';

const fields = ['currentPassword', 'password', 'confirmPassword'] as const;

export function PasswordSection() {
  const headingId = useId();
  const [done, setDone] = useState<string | null>(null);
  // A new form after each change: the passwords typed do not stay on screen.
  const [formKey, setFormKey] = useState(0);
  return (
    <section className="card account-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Password</h2>
      <p className="text-muted">Changing it signs you out on every other device.</p>
      {done ? (
        <div className="banner banner-success" role="status">
          {done}
        </div>
      ) : null}
      <PasswordForm
        key={formKey}
        onStart={() => setDone(null)}
        onChanged={(message) => {
          setDone(message);
          setFormKey((key) => key + 1);
        }}
      />
    </section>
  );
}

function PasswordForm({ onStart, onChanged }: { onStart: () => void; onChanged: (message: string) => void }) {
  const api = useApi();
  const { user } = useSession();
  const isCommon = useCommonPasswordCheck();
  const { values, errors, failure, busy, update, check, recheck, handleSubmit } = useValidatedForm({
    fields,
    initial: { currentPassword: '', password: '', confirmPassword: '' },
    validate: (current) => {
      const found = {
        ...(current.currentPassword ? {} : { currentPassword: credentialMessages.currentPasswordRequired }),
        ...newPasswordErrors(current, isCommon, { email: user?.email, username: user?.username }),
      };
      return { data: Object.keys(found).length ? null : current, errors: found };
    },
    fallbackMessage: 'Could not change the password',
    submit: async ({ currentPassword, password }) => {
      onStart();
      onChanged((await api.account.changePassword({ currentPassword, password })).message);
    },
  });
  const recheckPassword = useEffectEvent(() => recheck('password'));
  useEffect(() => {
    if (isCommon) recheckPassword();
  }, [isCommon]);

  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      <FormFailure message={failure} />
      <TextField
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        value={values.currentPassword}
        error={errors.currentPassword}
        onChange={(event) => update('currentPassword', event.target.value)}
      />
      <NewPasswordFields values={values} errors={errors} update={update} check={check} />
      <div className="account-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : 'Change password'}
        </button>
      </div>
    </form>
  );
}
