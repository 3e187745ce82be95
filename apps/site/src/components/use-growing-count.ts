import { startTransition, useEffect, useState } from 'react';

/**
 * How far below the screen the list's end may be and still be drawn on: a screen, so the next rows
 * are there before a player scrolling down reaches them. A screen and a half had a phone's shop,
 * whose first 8 cards end 2.2 screens down, draw 16 more right after its first picture, unscrolled:
 * a long task in every Lighthouse run (median TBT of 5 runs 78 ms, then 52 with one screen).
 */
const DRAW_AHEAD = '0px 0px 100% 0px';

/**
 * How many of a long list's rows to draw, and a ref for an empty element placed right after the
 * drawn rows (the list's end). The first `first` rows are drawn at once; then, whenever the list's
 * end comes within a screen of the screen, `step` more in a transition (React yields to
 * the browser between rows while it renders them, and each step's rows reach the page in one
 * commit). A page opened and not scrolled draws only what is near its first screen: the shop's
 * hundred cards drawn in one go were a task of 120-140 ms on Lighthouse's phone, and an inventory of
 * 600 entries, all drawn after load, kept the phone busy for seconds whether or not anyone scrolled.
 *
 * Without IntersectionObserver (an old browser, jsdom) every row is drawn, `step` at a time.
 */
export function useGrowingCount(
  total: number,
  first: number,
  step = Number.POSITIVE_INFINITY,
  /** False holds the list at what it has drawn (until its first screen is shown, say). */
  grow = true,
): [count: number, listEnd: (element: Element | null) => void] {
  const [count, setCount] = useState(first);
  const [end, setEnd] = useState<Element | null>(null);
  useEffect(() => {
    if (!grow || count >= total) return;
    const more = () => startTransition(() => setCount(count + step));
    if (typeof IntersectionObserver === 'undefined') {
      more();
      return;
    }
    if (!end) return;
    // A new observer for every count: its first report says whether the end is still near after
    // the last step's rows (short rows may not have pushed it away).
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        more();
      },
      { rootMargin: DRAW_AHEAD },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [count, total, step, grow, end]);
  return [Math.min(total, count), setEnd];
}
