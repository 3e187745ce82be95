// Register (SPEC.md §2, §5, §8): the contract's rules checked before sending (the password's as soon
// as its field is left, the common list once its chunk has arrived), server refusals in a banner.

import { fallbackMessages } from '@starport/api-client/client';
import {
  messages,
  passwordMessages,
  registerRequestSchema,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '@starport/api-client/contract';
import { useSession } from '@starport/ui/session';
import { useEffect, useEffectEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { AuthCard } from '../components/auth-card.tsx';
import { EmailField, NewPasswordFields } from '../components/credential-fields.tsx';
import type { FieldErrors } from '../components/form-errors.ts';
import { collectFieldErrors } from '../components/form-errors.ts';
import { FormSkeleton } from '../components/skeletons.tsx';
import { TextField } from '../components/text-field.tsx';
import { type CommonPasswordCheck, useCommonPasswordCheck } from '../components/use-common-password-check.ts';
import { usePageTitle } from '../components/use-page-title.ts';
import { useValidatedForm } from '../components/use-validated-form.ts';
import { useLandingPath } from '../routing/tab-routes.tsx';

const fields = ['email', 'username', 'password', 'confirmPassword'] as const;
type Field = (typeof fields)[number];

const confirmRequired = 'Please confirm your password';

// The same schema the server validates with, its common-password list when loaded, plus the
// confirmation only the form knows about.
function validate(values: Record<Field, string>, isCommon: CommonPasswordCheck | null) {
  const parsed = registerRequestSchema.safeParse(values);
  const errors: FieldErrors<Field> = parsed.success ? {} : collectFieldErrors(fields, parsed.error.issues);
  // The schema's length rule would call an empty password "too short"; say what is missing instead.
  if (!values.password) errors.password = messages.passwordRequired;
  else if (!errors.password && isCommon?.(values.password)) errors.password = passwordMessages.common;
  if (!values.confirmPassword) errors.confirmPassword = confirmRequired;
  else if (values.confirmPassword !== values.password) errors.confirmPassword = messages.passwordsDoNotMatch;
  return { data: parsed.success && !errors.password ? parsed.data : null, errors };
}

export function RegisterPage() {
  const { user, register } = useSession();
  const navigate = useNavigate();
  // The dashboard, or home while an admin hides the dashboard's tab.
  const landing = useLandingPath();
  const isCommon = useCommonPasswordCheck();
  const { values, errors, failure, busy, update, check, recheck, handleSubmit } = useValidatedForm({
    fields,
    initial: { email: '', username: '', password: '', confirmPassword: '' },
    validate: (current) => validate(current, isCommon),
    fallbackMessage: fallbackMessages.register,
    submit: async (data) => {
      await register(data);
      navigate(landing, { replace: true });
    },
  });
  usePageTitle('Sign Up');
  // A password left before the list arrived is looked at again once it has.
  const recheckPassword = useEffectEvent(() => recheck('password'));
  useEffect(() => {
    if (isCommon) recheckPassword();
  }, [isCommon]);

  if (user && !busy) return <Navigate to={landing} replace />;

  return (
    <AuthCard {...registerCopy} failure={failure}>
      <form className="form" noValidate onSubmit={handleSubmit}>
        <EmailField value={values.email} error={errors.email} onChange={(value) => update('email', value)} />
        <TextField
          name="username"
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          hint={`${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters: letters, numbers, dots, hyphens or underscores.`}
          value={values.username}
          error={errors.username}
          onChange={(event) => update('username', event.target.value)}
        />
        <NewPasswordFields
          labels={{ password: 'Password', confirmPassword: 'Confirm Password' }}
          values={values}
          errors={errors}
          update={update}
          check={check}
        />
        <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy}>
          {busy ? 'Creating account...' : 'Sign Up'}
        </button>
      </form>

      <p className="auth-switch">
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </AuthCard>
  );
}

const registerCopy = { title: 'Create your account', subtitle: 'Join the galaxy in under a minute.' } as const;

export function RegisterShell() {
  return (
    <AuthCard {...registerCopy} failure={null}>
      <FormSkeleton fields={4} />
    </AuthCard>
  );
}
