import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a long list's rows to draw: the first `first` at once, then all of them in a transition
 * (React yields to the browser between rows while it renders them). Drawn in one go, the shop's
 * hundred cards were one task of 120-140 ms on Lighthouse's phone, most of the page's blocking time;
 * a click or a key in the meantime waited for all of it.
 */
export function useGrowingCount(total: number, first: number): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (!all && total > first) startTransition(() => setAll(true));
  }, [all, total, first]);
  return all ? total : Math.min(total, first);
}
