// Starting a session for an account whose sign-in is complete (password, and code where two-factor
// sign-in is on; or Discord): the token and the user as the site sees them.
import type { AuthResponse } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { type UserWithTier, updateLastLogin } from '../../db/repositories/users.ts';
import { toIso } from '../../lib/clock.ts';
import { createSession } from './sessions.ts';
import { toUserView } from './user-view.ts';

export interface RequestMeta {
  address: string;
  userAgent: string | null;
}

/** A new session; the sign-in time is kept for the admin's user list (one indexed write per sign-in). */
export async function signIn(ctx: AppContext, user: UserWithTier, meta: RequestMeta): Promise<AuthResponse> {
  const token = await createSession(ctx, user.id, meta);
  await updateLastLogin(ctx.db, user.id, toIso(ctx.clock()));
  return { user: toUserView(user), token };
}
