// The Hono environment every route shares: the app context and, once authenticated, the user.
import type { AppContext } from '../context.ts';
import type { UserWithTier } from '../db/repositories/users.ts';

export interface AppEnv {
  Variables: {
    ctx: AppContext;
    /** The call's id (middleware/request-id.ts): the X-Request-Id answer header and the error envelope's requestId. */
    requestId: string;
    /** Set by requireUser. */
    user: UserWithTier;
    /** The hash of the session token in use, set by requireUser. */
    tokenHash: string;
    /** The game server key in use, set by requireGameServer. */
    gameKeyId: string;
  };
}
