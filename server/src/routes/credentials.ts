// A player's credentials (issue 19): forgot and reset a password and verify an address, for anyone
// with the mailed link (under /api/auth); change the password or the email and ask for a new
// verification link, signed in (under /api/account).
import {
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  verifyEmailRequestSchema,
} from '@starport/api-client/contract';
import { Hono } from 'hono';
import { requireUser } from '../middleware/auth.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody } from '../middleware/validate.ts';
import { changeEmail, changePassword } from '../services/accounts/credential-changes.ts';
import { resendVerificationMail, verifyEmail } from '../services/accounts/email-verification.ts';
import { requestPasswordReset, resetPassword } from '../services/accounts/password-reset.ts';
import { requestMeta } from './auth.ts';

export const passwordRecoveryRoutes = new Hono<AppEnv>()
  .post('/forgot-password', async (c) => {
    const input = await readBody(c, forgotPasswordRequestSchema);
    return c.json(await requestPasswordReset(c.get('ctx'), input, requestMeta(c)));
  })
  .post('/reset-password', async (c) => {
    const input = await readBody(c, resetPasswordRequestSchema);
    return c.json(await resetPassword(c.get('ctx'), input, requestMeta(c)));
  })
  .post('/verify-email', async (c) => {
    const input = await readBody(c, verifyEmailRequestSchema);
    return c.json(await verifyEmail(c.get('ctx'), input));
  });

export const accountCredentialRoutes = new Hono<AppEnv>()
  .post('/password', requireUser, async (c) => {
    const input = await readBody(c, changePasswordRequestSchema);
    return c.json(await changePassword(c.get('ctx'), c.get('user'), c.get('tokenHash'), input, requestMeta(c)));
  })
  .post('/email', requireUser, async (c) => {
    const input = await readBody(c, changeEmailRequestSchema);
    return c.json(await changeEmail(c.get('ctx'), c.get('user'), input, requestMeta(c)));
  })
  .post('/email/verification', requireUser, async (c) =>
    c.json(await resendVerificationMail(c.get('ctx'), c.get('user'))),
  );
