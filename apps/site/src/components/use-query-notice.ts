// Reads the one-time query parameters a redirect brings back (?discord_success, ?payment=success),
// acts on them once, then drops the query string so a reload or Back does not repeat the message.
import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Calls `handle` once per arrival whose query string holds any of `keys`, then replaces the address
 * with the same path and no query. Keyed on the history entry, so React StrictMode's second effect
 * run (same entry) does nothing, while a later arrival with the same parameters is handled again.
 */
export function useQueryNotice(keys: readonly string[], handle: (params: URLSearchParams) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const handledEntry = useRef<string | null>(null);
  const onNotice = useEffectEvent(handle);
  const wanted = useEffectEvent((params: URLSearchParams) => keys.some((key) => params.has(key)));

  useEffect(() => {
    if (handledEntry.current === location.key) return;
    const params = new URLSearchParams(location.search);
    if (!wanted(params)) return;
    handledEntry.current = location.key;
    onNotice(params);
    void navigate({ pathname: location.pathname, hash: location.hash }, { replace: true });
  }, [location.key, location.search, location.pathname, location.hash, navigate]);
}
