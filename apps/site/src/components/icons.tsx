// Inline SVG icons (the CSP allows no external images or icon fonts); all decorative.
import type { ReactNode } from 'react';

function Icon({ children, className }: { children: ReactNode; className?: string }) {
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

export function ExploreIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="5" />
      <path d="M4.6 16.9C2.4 18.6 1.6 20.1 2.2 20.9c1.1 1.5 6.3-.7 11.5-4.7s8.6-8.6 7.5-10.1c-.6-.8-2.3-.5-4.7.6" />
      <path d="M19 2.5l.6 1.4 1.4.6-1.4.6-.6 1.4-.6-1.4-1.4-.6 1.4-.6z" />
    </Icon>
  );
}

export function CombatIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="7.5" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M12 1.5v5M12 17.5v5M1.5 12h5M17.5 12h5" />
    </Icon>
  );
}

export function BuildIcon() {
  return (
    <Icon>
      <path d="M3 21h18" />
      <path d="M5 21v-9l7-4.5 7 4.5v9" />
      <path d="M10 21v-5h4v5" />
      <path d="M12 7.5V2.5l4 1.5-4 1.5" />
    </Icon>
  );
}

export function FactionIcon() {
  return (
    <Icon>
      <path d="M12 2.5l8 3v6.2c0 4.6-3.3 8.6-8 9.8-4.7-1.2-8-5.2-8-9.8V5.5z" />
      <path d="M12 7.5l1.4 2.9 3.1.4-2.3 2.2.6 3.1-2.8-1.5-2.8 1.5.6-3.1-2.3-2.2 3.1-.4z" />
    </Icon>
  );
}

export function EconomyIcon() {
  return (
    <Icon>
      <path d="M3 20.5h18" />
      <path d="M5 16l4.5-5 3.5 3 6-7" />
      <path d="M15 7h4v4" />
    </Icon>
  );
}

export function WorldIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18" />
      <path d="M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z" />
    </Icon>
  );
}

export function MenuIcon({ open }: { open: boolean }) {
  return <Icon>{open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}</Icon>;
}
