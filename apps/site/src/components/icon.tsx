// The icons' frame and the icons every page's header shows (logo, menu, a player's bell): apart from
// icons.tsx, since a module sits whole in one chunk and these are on every first load.
import type { ReactNode } from 'react';

export function Icon({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg
      className={className ?? 'icon'}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function LogoMark() {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="starport-logo-fill" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7fe3ff" />
          <stop offset="0.5" stopColor="#7c8cff" />
          <stop offset="1" stopColor="#b47cff" />
        </linearGradient>
      </defs>
      <circle cx="16" cy="16" r="8.5" fill="url(#starport-logo-fill)" />
      <ellipse
        cx="16"
        cy="16"
        rx="14.5"
        ry="4.8"
        fill="none"
        stroke="#c7d0ff"
        strokeWidth="1.8"
        transform="rotate(-25 16 16)"
      />
    </svg>
  );
}

export function MenuIcon({ open }: { open: boolean }) {
  return <Icon>{open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}</Icon>;
}

/** The account area's way to the player's purchases (a receipt). */
export function ReceiptIcon() {
  return (
    <Icon>
      <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
      <path d="M9 8h6M9 12h6M9 16h3" />
    </Icon>
  );
}

/** The notification bell's, drawn in its placeholder too (notifications/bell-slot.tsx). */
export function BellIcon() {
  return (
    <Icon>
      <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16z" />
      <path d="M10 20a2 2 0 0 0 4 0" />
    </Icon>
  );
}
