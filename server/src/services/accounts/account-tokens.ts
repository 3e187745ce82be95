// The one-time tokens mailed to a user (a password reset, an address to verify): 256 random bits,
// of which only a SHA-256 is stored (migration 018), each valid for a short time and used once.
import type { AppContext } from '../../context.ts';
import type { AccountTokenPurpose, Executor } from '../../db/database.ts';
import { insertAccountToken } from '../../db/repositories/account-tokens.ts';
import { addMs, toIso } from '../../lib/clock.ts';
import { newSecretToken, sha256Hex } from '../../lib/ids.ts';

export const hashAccountToken = (token: string): string => sha256Hex(token);

/** Makes a token for `userId` valid for `validMs`; answers the token itself (to mail) and its end. */
export async function issueAccountToken(
  ctx: AppContext,
  db: Executor,
  token: { userId: string; purpose: AccountTokenPurpose; validMs: number; email?: string },
): Promise<{ token: string; expiresAt: string }> {
  const secret = newSecretToken();
  const now = ctx.clock();
  const expiresAt = toIso(addMs(now, token.validMs));
  await insertAccountToken(db, {
    token_hash: hashAccountToken(secret),
    user_id: token.userId,
    purpose: token.purpose,
    email: token.email ?? null,
    created_at: toIso(now),
    expires_at: expiresAt,
  });
  return { token: secret, expiresAt };
}
