// The messages of a form that sets a new password and has it typed twice (reset, change): the
// contract's rule (newPasswordSchema, the same the server reads), the owner's name and address when
// the form knows them, the common list once loaded, and the confirmation only the form knows about.
import {
  messages,
  newPasswordSchema,
  type PasswordOwner,
  passwordMessages,
  passwordOwnerProblem,
} from '@starport/api-client/contract';
import type { CommonPasswordCheck } from './use-common-password-check.ts';

export const confirmRequired = 'Please confirm your password';

export function newPasswordErrors(
  values: { password: string; confirmPassword: string },
  isCommon: CommonPasswordCheck | null,
  owner: PasswordOwner = {},
): { password?: string; confirmPassword?: string } {
  const errors: { password?: string; confirmPassword?: string } = {};
  const { password, confirmPassword } = values;
  if (!password) errors.password = messages.passwordRequired;
  else {
    const parsed = newPasswordSchema.safeParse(password);
    errors.password = parsed.success
      ? (passwordOwnerProblem(password, owner) ?? (isCommon?.(password) ? passwordMessages.common : undefined))
      : parsed.error.issues[0]?.message;
  }
  if (!errors.password) delete errors.password;
  if (!confirmPassword) errors.confirmPassword = confirmRequired;
  else if (confirmPassword !== password) errors.confirmPassword = messages.passwordsDoNotMatch;
  return errors;
}
