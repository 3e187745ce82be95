import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a long list's rows to draw: the first `first` at once, then the rest in transitions,
 * `step` more each (React yields to the browser between rows while it renders them, and each step's
 * rows reach the page in one commit). Drawn in one go, the shop's hundred cards were one task of
 * 120-140 ms on Lighthouse's phone, most of the page's blocking time; an inventory of 600 entries,
 * all after the first 12 in one transition, had a commit of its own that blocked for seconds. A click
 * or a key in the meantime waited for all of it.
 */
export function useGrowingCount(
  total: number,
  first: number,
  step = Number.POSITIVE_INFINITY,
  /** False holds the list at what it has drawn (until its first screen is shown, say). */
  grow = true,
): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (grow && count < total) startTransition(() => setCount(count + step));
  }, [count, total, step, grow]);
  return Math.min(total, count);
}
