// The one way Starport starts a Discord authorisation, for linking and for signing in alike: a
// random state (stored hashed, single use, 10 minutes), a browser nonce for a cookie that binds the
// state to the browser, and PKCE (RFC 7636, S256) whose verifier stays on the server.
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { newSecretToken, sha256Hex } from '../../lib/ids.ts';

export const DISCORD_STATE_TTL_MS = 10 * 60_000;

export const callbackUrl = (ctx: AppContext): string => `${ctx.config.publicUrl}/api/discord/callback`;

export interface AuthorisationStart {
  /** Sent to Discord; only its hash is stored. */
  state: string;
  stateHash: string;
  /** For the browser's cookie; only its hash is stored. */
  browserNonce: string;
  browserHash: string;
  /** Kept on the server and sent with the code exchange. */
  codeVerifier: string;
}

export function newAuthorisation(): AuthorisationStart {
  const state = newSecretToken();
  const browserNonce = newSecretToken();
  return {
    state,
    stateHash: sha256Hex(state),
    browserNonce,
    browserHash: sha256Hex(browserNonce),
    codeVerifier: newSecretToken(),
  };
}

/** Discord's authorise URL for this state, scope and PKCE challenge. */
export function authoriseUrl(ctx: AppContext, start: AuthorisationStart, scope: string): string {
  const url = new URL(ctx.config.discord.authorizeUrl);
  url.searchParams.set('client_id', ctx.config.discord.clientId as string);
  url.searchParams.set('redirect_uri', callbackUrl(ctx));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', scope);
  url.searchParams.set('state', start.state);
  url.searchParams.set('code_challenge', createHash('sha256').update(start.codeVerifier).digest('base64url'));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('prompt', 'consent');
  return url.toString();
}

/** Whether the callback came back to the browser that started it. */
export const isSameBrowser = (browserNonce: string | undefined, browserHash: string): boolean =>
  Boolean(browserNonce) && sha256Hex(browserNonce as string) === browserHash;
