// "Sign in with Discord" on the login page (issue 19): the button is a plain navigation to the
// server (it sets the browser cookie and goes to Discord). Discord's way back ends here with a
// ticket or a two-factor challenge in the address's fragment, or a failure code in ?discord_error,
// whose text is the contract's own, never what the address carries.

import { ApiError, fallbackMessages } from '@starport/api-client/client';
import { discordSignInFailureText } from '@starport/api-client/contract';
import { useSession } from '@starport/ui/session';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { DiscordIcon } from '../components/icons.tsx';
import { useQueryNotice } from '../components/use-query-notice.ts';

export const DISCORD_SIGN_IN_URL = '/api/discord/sign-in';

export function SignInWithDiscord() {
  return (
    <a className="btn btn-secondary btn-lg btn-block btn-discord" href={DISCORD_SIGN_IN_URL}>
      <DiscordIcon />
      Sign in with Discord
    </a>
  );
}

export interface DiscordReturnHandlers {
  onChallenge(challenge: string): void;
  onFailure(message: string): void;
  onSignedIn(): void;
}

/** Acts once on what Discord's way back left in the address, then drops it from the address. */
export function useDiscordSignInReturn({ onChallenge, onFailure, onSignedIn }: DiscordReturnHandlers) {
  const { loginWithDiscordTicket } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  const handlers = useRef({ onChallenge, onFailure, onSignedIn });
  handlers.current = { onChallenge, onFailure, onSignedIn };

  useQueryNotice(['discord_error'], (params) => onFailure(discordSignInFailureText(params.get('discord_error'))));

  useEffect(() => {
    if (!location.hash || handled.current === location.key) return;
    const fragment = new URLSearchParams(location.hash.slice(1));
    const ticket = fragment.get('discord_ticket');
    const challenge = fragment.get('challenge');
    if (!ticket && !challenge) return;
    handled.current = location.key;
    // The secret leaves the address (and the history) before anything else happens.
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    if (challenge) return handlers.current.onChallenge(challenge);
    loginWithDiscordTicket(ticket as string).then(
      () => handlers.current.onSignedIn(),
      (error: unknown) =>
        handlers.current.onFailure(error instanceof ApiError ? error.message : fallbackMessages.login),
    );
  }, [location.hash, location.key, location.pathname, location.search, navigate, loginWithDiscordTicket]);
}
