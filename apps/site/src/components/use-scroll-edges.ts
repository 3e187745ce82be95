// Which ends of a sideways-scrolling row have more to see, kept up to date as it scrolls and as it or
// its items change size (a narrower window, the web font arriving), for a cue on that side.
import { useCallback, useState } from 'react';

export interface ScrollEdges {
  /** Scrolled away from the start: there is more before. */
  start: boolean;
  /** Not scrolled to the end: there is more after. */
  end: boolean;
}

/**
 * A ref for the scrolling element and its edges. `contentKey` is anything that changes when the
 * row's items do (their count, say), so the edges are measured again.
 */
export function useScrollEdges(
  contentKey: unknown,
): [(element: HTMLElement | null) => (() => void) | undefined, ScrollEdges] {
  const [edges, setEdges] = useState<ScrollEdges>({ start: false, end: false });

  // biome-ignore lint/correctness/useExhaustiveDependencies: contentKey is the request to measure again
  const ref = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return undefined;
      const measure = () => {
        // A pixel of slack: zoomed pages scroll by fractions.
        const start = element.scrollLeft > 1;
        const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
        setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
      };
      measure();
      element.addEventListener('scroll', measure, { passive: true });
      window.addEventListener('resize', measure);
      const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
      observer?.observe(element);
      for (const child of element.children) observer?.observe(child);
      return () => {
        element.removeEventListener('scroll', measure);
        window.removeEventListener('resize', measure);
        observer?.disconnect();
      };
    },
    [contentKey],
  );

  return [ref, edges];
}
