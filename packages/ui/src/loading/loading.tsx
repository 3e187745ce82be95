// The Loading state the site's guards (SPEC.md §2), lazy pages and the admin screens show while they wait,
// and the mark a lazily loaded picture gets when it has loaded.
import type { SyntheticEvent } from 'react';

/**
 * onLoad of a lazily loaded picture (class `fade-in`, base.css): until it has loaded it stays
 * transparent over its frame's placeholder colour, then fades in, rather than popping in over a blank
 * box (issue 23, item 9). Its frame holds its size all along.
 */
export const markImageLoaded = (event: SyntheticEvent<HTMLImageElement>) => {
  event.currentTarget.dataset.loaded = '';
};
export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="loading" role="status">
      <span className="loading-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
