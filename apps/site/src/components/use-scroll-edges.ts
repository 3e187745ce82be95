// Which ends of a sideways-scrolling row have more to see, kept up to date as it scrolls and as it or
// its items change size (a narrower window, the web font arriving), for a cue on that side. An item
// reached with the keyboard scrolls clear of the cue (the row's scroll-padding from its sides):
// Chromium leaves a partly visible one where it is. `scroll` moves the row most of its width towards
// a side, for the arrows that show while that side has more.
import { useCallback, useRef, useState } from 'react';

export interface ScrollEdges {
  /** Scrolled away from the start: there is more before. */
  start: boolean;
  /** Not scrolled to the end: there is more after. */
  end: boolean;
}

/** Of the row's visible width, how much one arrow press scrolls: the last item seen stays in sight. */
const ARROW_SCROLL = 0.75;

/**
 * A ref for the scrolling element, its edges and a scroll towards one side. `contentKey` is anything
 * that changes when the row's items do (their count, say), so the edges are measured again.
 */
export function useScrollEdges(
  contentKey: unknown,
): [(element: HTMLElement | null) => (() => void) | undefined, ScrollEdges, (side: keyof ScrollEdges) => void] {
  const [edges, setEdges] = useState<ScrollEdges>({ start: false, end: false });
  const rowRef = useRef<HTMLElement | null>(null);
  const scroll = useCallback((side: keyof ScrollEdges) => {
    const row = rowRef.current;
    if (!row) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    row.scrollBy?.({
      left: row.clientWidth * ARROW_SCROLL * (side === 'start' ? -1 : 1),
      behavior: reduce ? 'auto' : 'smooth',
    });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: contentKey is the request to measure again
  const ref = useCallback(
    (element: HTMLElement | null) => {
      rowRef.current = element;
      if (!element) return undefined;
      const px = (value: string) => Number.parseFloat(value) || 0;
      const measure = () => {
        // More than the row's own padding out of view, with a pixel of slack (zoomed pages scroll by fractions).
        const style = getComputedStyle(element);
        const start = element.scrollLeft > px(style.paddingLeft) + 1;
        const end = element.scrollLeft + element.clientWidth < element.scrollWidth - px(style.paddingRight) - 1;
        setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
      };
      // The row's scroll-padding is how far from its sides an item must be to be clear of the cue.
      const reveal = (event: FocusEvent) => {
        if (!(event.target instanceof HTMLElement) || event.target === element) return;
        const style = getComputedStyle(element);
        const row = element.getBoundingClientRect();
        const item = event.target.getBoundingClientRect();
        const before = item.left - (row.left + px(style.scrollPaddingLeft));
        const after = item.right - (row.right - px(style.scrollPaddingRight));
        if (before < 0) element.scrollLeft += before;
        else if (after > 0) element.scrollLeft += after;
      };
      element.addEventListener('focusin', reveal);
      element.addEventListener('scroll', measure, { passive: true });
      window.addEventListener('resize', measure);
      // The observer's first report comes with the next frame's layout; measured here instead, the
      // commit that attached the row would lay out the whole page at once (the shop's cards with it).
      const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
      if (observer) {
        observer.observe(element);
        for (const child of element.children) observer.observe(child);
      } else {
        measure();
      }
      return () => {
        element.removeEventListener('focusin', reveal);
        element.removeEventListener('scroll', measure);
        window.removeEventListener('resize', measure);
        observer?.disconnect();
      };
    },
    [contentKey],
  );

  return [ref, edges, scroll];
}
