// The login page checks the login request without zod (checkLogin); the server reads it with
// loginRequestSchema. Both must give the same answer, message for message.
import { describe, expect, it } from 'vitest';
import { loginRequestSchema } from './auth.ts';
import { checkLogin } from './auth-rules.ts';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './limits.ts';

const cases = [
  { email: '', password: '' },
  { email: '   ', password: 'secret' },
  { email: ' nova@example.com ', password: '' },
  { email: 'nova@example.com', password: 'secret' },
  { email: '  nova@example.com\t', password: '  spaced  ' },
  { email: 'not-an-address', password: 'x' },
  { email: `${'a'.repeat(EMAIL_MAX_LENGTH - 8)}@ex.com`, password: 'p' },
  { email: `${'a'.repeat(EMAIL_MAX_LENGTH)}@example.com`, password: 'p'.repeat(PASSWORD_MAX_LENGTH + 1) },
  { email: 'nova@example.com', password: 'p'.repeat(PASSWORD_MAX_LENGTH) },
];

function viaSchema(values: { email: string; password: string }) {
  const parsed = loginRequestSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}

describe('checkLogin', () => {
  it.each(cases)('answers as loginRequestSchema does: %j', (values) => {
    expect(checkLogin(values)).toEqual(viaSchema(values));
  });
});
