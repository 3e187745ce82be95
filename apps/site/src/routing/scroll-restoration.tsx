// What React Router's <ScrollRestoration> does for the site: a new page starts at its top (or at the
// element its #hash names), and Back or Forward returns to where that page was scrolled.
import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Scroll positions by history entry, for Back and Forward. */
const positions = new Map<string, number>();

export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    const saved = navigationType === 'POP' ? positions.get(location.key) : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
    } else if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } else if (navigationType !== 'POP') {
      window.scrollTo(0, 0);
    }
    return () => {
      positions.set(location.key, window.scrollY);
    };
  }, [location.key, location.hash, navigationType]);

  return null;
}
