// The signed-in session of SPEC.md §4: who is signed in, and login, register, logout and refresh.

import type { ApiClient } from '@starport/api-client/client';
import { ApiError, isTwoFactorRequired } from '@starport/api-client/client';
import type { AuthResponse, RegisterRequest, TwoFactorRequiredResponse, User } from '@starport/api-client/contract';
import type { ReactNode } from 'react';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

/** Where the session token lives: localStorage on the site, something else in the console. */
export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

/** What the password step gives: the user, signed in, or (two-factor on) the challenge for `loginWithCode`. */
export type LoginOutcome = { user: User } | TwoFactorRequiredResponse;

export interface Session {
  user: User | null;
  /** True while a stored token is being checked at startup. */
  loading: boolean;
  login(email: string, password: string): Promise<LoginOutcome>;
  /** The two-factor step: the challenge from `login` and a code from the app, or a recovery code. */
  loginWithCode(challenge: string, code: string): Promise<User>;
  /** The ticket a Discord sign-in left in the login page's address. */
  loginWithDiscordTicket(ticket: string): Promise<User>;
  register(input: RegisterRequest): Promise<User>;
  logout(): Promise<void>;
  refreshUser(): Promise<User | null>;
}

/**
 * The startup check of a stored token: `/auth/me`, its user, or null when the token was refused or
 * the server could not be reached. `settled` is set once it has answered, so a first render that
 * comes after it starts signed in (or out) at once.
 */
export interface SessionCheck {
  answer: Promise<User | null>;
  settled?: { user: User | null };
}

/**
 * Begins the startup check before anything renders (the site's main.tsx), so it runs beside the
 * download of the page's code instead of after the first render; undefined when no token is stored.
 */
export function startSessionCheck(client: Pick<ApiClient, 'auth'>, tokenStore: TokenStore): SessionCheck | undefined {
  if (tokenStore.get() === null) return undefined;
  const check: SessionCheck = {
    answer: client.auth
      // SPEC.md §4: a stored token that no longer works just clears the session; the page's own
      // guard decides whether a sign-in is needed, so a guest on a public page stays there.
      .me({ ignoreUnauthorized: true })
      .then(
        ({ user }) => user,
        () => null,
      )
      .then((user) => {
        check.settled = { user };
        return user;
      }),
  };
  return check;
}

export interface SessionProviderProps {
  client: Pick<ApiClient, 'auth'>;
  tokenStore: TokenStore;
  /** The startup check when the caller began it already (startSessionCheck); else it is made on mounting. */
  firstCheck?: SessionCheck;
  children: ReactNode;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ client, tokenStore, firstCheck, children }: SessionProviderProps) {
  // A check that has answered before the first render is that render's session.
  const [user, setUser] = useState<User | null>(() => firstCheck?.settled?.user ?? null);
  // No stored token means signed out at once: guests never see a loading state.
  const [loading, setLoading] = useState(() => tokenStore.get() !== null && !firstCheck?.settled);
  // Bumped by every sign-in and sign-out so a slower, older /auth/me answer cannot overwrite them.
  const generation = useRef(0);
  // The check begun before the first render serves the first run of the effect only.
  const begun = useRef(firstCheck);

  useEffect(() => {
    const check = begun.current ?? startSessionCheck(client, tokenStore);
    begun.current = undefined;
    if (!check) {
      setLoading(false);
      return;
    }
    const startedAt = generation.current;
    let cancelled = false;
    check.answer.then((current) => {
      if (cancelled) return;
      // A transition: the page the answer redraws (all of it, now signed in) is drawn in slices
      // between which the browser stays responsive, and the old one stays until it is whole.
      startTransition(() => {
        if (generation.current === startedAt) {
          if (current === null) tokenStore.clear();
          setUser(current);
        }
        setLoading(false);
      });
    });
    return () => {
      cancelled = true;
    };
  }, [client, tokenStore]);

  /** Keeps a new session: its token, and its user. */
  const adopt = useCallback(
    (answer: AuthResponse) => {
      generation.current++;
      tokenStore.set(answer.token);
      setUser(answer.user);
      setLoading(false);
      return answer.user;
    },
    [tokenStore],
  );

  const login = useCallback(
    async (email: string, password: string): Promise<LoginOutcome> => {
      const answer = await client.auth.login({ email, password });
      if (isTwoFactorRequired(answer)) return answer;
      return { user: adopt(answer) };
    },
    [client, adopt],
  );

  const loginWithCode = useCallback(
    async (challenge: string, code: string) => adopt(await client.auth.loginWithCode({ challenge, code })),
    [client, adopt],
  );

  const loginWithDiscordTicket = useCallback(
    async (ticket: string) => adopt(await client.auth.loginWithDiscordTicket(ticket)),
    [client, adopt],
  );

  const register = useCallback(
    async (input: RegisterRequest) => adopt(await client.auth.register(input)),
    [client, adopt],
  );

  const logout = useCallback(async () => {
    generation.current++;
    // The token is forgotten whatever the server says: a failed revoke must not keep anyone signed in.
    try {
      if (tokenStore.get() !== null) await client.auth.logout();
    } catch {
      // ignored on purpose, see above
    }
    tokenStore.clear();
    setUser(null);
    setLoading(false);
  }, [client, tokenStore]);

  const refreshUser = useCallback(async () => {
    if (tokenStore.get() === null) {
      setUser(null);
      return null;
    }
    const startedAt = generation.current;
    try {
      const { user: current } = await client.auth.me();
      if (generation.current !== startedAt) return current;
      setUser(current);
      return current;
    } catch (error) {
      // Only a refused token ends the session; a network blip keeps the user signed in.
      if (error instanceof ApiError && error.status === 401 && generation.current === startedAt) {
        tokenStore.clear();
        setUser(null);
      }
      console.error('Failed to refresh the user', error);
      return null;
    }
  }, [client, tokenStore]);

  const value = useMemo<Session>(
    () => ({ user, loading, login, loginWithCode, loginWithDiscordTicket, register, logout, refreshUser }),
    [user, loading, login, loginWithCode, loginWithDiscordTicket, register, logout, refreshUser],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside a <SessionProvider>');
  return session;
}
