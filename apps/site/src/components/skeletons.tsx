// Placeholders that hold a page's shape while its data (or its code) is on the way: grey blocks with
// the heights of what replaces them, so nothing below moves when it arrives. Screen readers hear one
// status line instead of the blocks.
import type { CSSProperties } from 'react';

export interface SkeletonProps {
  /** What a screen reader hears meanwhile. */
  label?: string;
}

/** The announcement, once per skeleton: the blocks themselves are hidden from assistive technology. */
function Status({ label }: { label: string }) {
  return (
    <p className="visually-hidden" role="status">
      {label}
    </p>
  );
}

/** One grey block; its class gives it the size of what it stands for. */
export function Block({ className = '', style }: { className?: string; style?: CSSProperties }) {
  return <span className={`skeleton-block ${className}`.trim()} style={style} aria-hidden="true" />;
}

/** A list of `count` card placeholders in one of the site's grids (`shop-grid`, `tier-grid`…). */
export function CardGridSkeleton({
  grid,
  card,
  count,
  label = 'Loading...',
}: SkeletonProps & { grid: string; card: string; count: number }) {
  return (
    <div className="skeleton">
      <Status label={label} />
      <ul className={grid} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
          <li key={i}>
            <div className={`card skeleton-card ${card}`}>
              <Block className="skeleton-media" />
              <Block className="skeleton-line skeleton-line-title" />
              <Block className="skeleton-line" />
              <Block className="skeleton-line skeleton-line-short" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The shop's category tabs and cards. */
export function ShopGridSkeleton({ label = 'Loading the shop...' }: SkeletonProps) {
  return (
    <>
      {/* Built as the shop's own tabs (a fieldset with its legend, the tabs' class): the same height. */}
      <fieldset className="category-tabs" aria-hidden="true" disabled>
        <legend className="visually-hidden">Categories</legend>
        {[0, 1, 2].map((i) => (
          <span key={i} className="category-tab skeleton-tab">
            {'\u00a0'}
          </span>
        ))}
      </fieldset>
      <CardGridSkeleton grid="shop-grid" card="skeleton-shop-card" count={6} label={label} />
    </>
  );
}

export function TierGridSkeleton({ label = 'Loading tiers...' }: SkeletonProps) {
  return <CardGridSkeleton grid="tier-grid" card="skeleton-tier-card" count={3} label={label} />;
}

export function InventoryGridSkeleton({ label = 'Loading your inventory...' }: SkeletonProps) {
  return <CardGridSkeleton grid="inventory-grid" card="skeleton-inventory-card" count={4} label={label} />;
}

/** A form's fields (label and input heights) and its button, inside an auth card. */
export function FormSkeleton({ fields, label = 'Loading...' }: SkeletonProps & { fields: number }) {
  return (
    <div className="form skeleton">
      <Status label={label} />
      {Array.from({ length: fields }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <div key={i} className="skeleton-field" aria-hidden="true">
          <Block className="skeleton-label" />
          <Block className="skeleton-input" />
        </div>
      ))}
      <Block className="skeleton-button" />
    </div>
  );
}

/** The dashboard's three stat cards and its quick actions. */
export function DashboardSkeleton({ label = 'Loading...' }: SkeletonProps) {
  return (
    <div className="skeleton">
      <Status label={label} />
      <div className="stat-grid" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="card skeleton-card skeleton-stat-card">
            <Block className="skeleton-line skeleton-line-title" />
            <Block className="skeleton-line skeleton-line-big" />
            <Block className="skeleton-line" />
          </div>
        ))}
      </div>
      <div className="quick-actions" aria-hidden="true">
        <Block className="skeleton-line skeleton-line-title" />
        <ul className="quick-grid">
          {[0, 1, 2, 3].map((i) => (
            <li key={i}>
              <Block className="skeleton-tile" />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The Account page's first section cards: a heading and a few lines each. */
export function AccountSectionsSkeleton({ label = 'Loading your account...' }: SkeletonProps) {
  return (
    <div className="skeleton account-sections">
      <Status label={label} />
      {[0, 1, 2].map((i) => (
        <div key={i} className="card account-section skeleton-card" aria-hidden="true">
          <Block className="skeleton-line skeleton-line-title" />
          <Block className="skeleton-line" />
          <Block className="skeleton-line skeleton-line-short" />
        </div>
      ))}
    </div>
  );
}
