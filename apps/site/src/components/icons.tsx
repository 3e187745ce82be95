// Inline SVG icons (the CSP allows no external images or icon fonts); all decorative. The header's
// own (logo, menu) are in icon.tsx, on the first load; these come with the pages that show them.
import { Icon } from './icon.tsx';

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

export function CreditsIcon() {
  return (
    <Icon>
      <ellipse cx="12" cy="6.5" rx="7.5" ry="3" />
      <path d="M4.5 6.5v5c0 1.7 3.4 3 7.5 3s7.5-1.3 7.5-3v-5" />
      <path d="M4.5 11.5v5c0 1.7 3.4 3 7.5 3s7.5-1.3 7.5-3v-5" />
    </Icon>
  );
}

export function TierIcon() {
  return (
    <Icon>
      <circle cx="12" cy="14.5" r="6" />
      <path d="M8.5 9.6L6 2.5h4l2 4 2-4h4l-2.5 7.1" />
      <path d="M12 11.8l.9 1.8 2 .3-1.4 1.4.3 2-1.8-.9-1.8.9.3-2-1.4-1.4 2-.3z" />
    </Icon>
  );
}

export function DiscordIcon() {
  return (
    <Icon>
      <path d="M7.5 6.5c1.4-.6 2.9-1 4.5-1s3.1.4 4.5 1c1.9 2.6 2.8 5.6 2.6 9-1.4 1.1-2.9 1.8-4.4 2.3l-1-1.8M7.5 6.5C5.6 9.1 4.7 12.1 4.9 15.5c1.4 1.1 2.9 1.8 4.4 2.3l1-1.8" />
      <path d="M8.5 16c2.3 1 4.7 1 7 0" />
      <circle cx="9.5" cy="12" r="1.2" />
      <circle cx="14.5" cy="12" r="1.2" />
    </Icon>
  );
}

export function CheckIcon() {
  return (
    <Icon>
      <path d="M4.5 12.5l5 5 10-11" />
    </Icon>
  );
}

export function ShopIcon() {
  return (
    <Icon>
      <path d="M5 8h14l-1.2 12.5H6.2z" />
      <path d="M9 10.5V6.5a3 3 0 016 0v4" />
    </Icon>
  );
}

export function InventoryIcon() {
  return (
    <Icon>
      <path d="M3.5 7.5L12 3l8.5 4.5v9L12 21l-8.5-4.5z" />
      <path d="M3.5 7.5L12 12l8.5-4.5M12 12v9" />
    </Icon>
  );
}

export function SupportIcon() {
  return (
    <Icon>
      <path d="M12 20.5s-8-4.6-8-10.6A4.4 4.4 0 0112 7.4a4.4 4.4 0 018 2.5c0 6-8 10.6-8 10.6z" />
    </Icon>
  );
}

export function TradeIcon() {
  return (
    <Icon>
      <path d="M4 8h14l-3.5-3.5M20 16H6l3.5 3.5" />
    </Icon>
  );
}

export function LeaderboardIcon() {
  return (
    <Icon>
      <path d="M8 3.5h8v5a4 4 0 01-8 0z" />
      <path d="M8 5.5H4.5a3.5 3.5 0 003.6 4M16 5.5h3.5a3.5 3.5 0 01-3.6 4" />
      <path d="M12 12.5v4M8.5 20.5h7M9.5 20.5l.5-4h4l.5 4" />
    </Icon>
  );
}

export function PlayIcon() {
  return (
    <Icon>
      <path d="M7 7.5h10a4.5 4.5 0 014.4 5.4l-.9 4.3a2.3 2.3 0 01-4 1l-2-2.2h-5l-2 2.2a2.3 2.3 0 01-4-1l-.9-4.3A4.5 4.5 0 017 7.5z" />
      <path d="M8 10.5v3M6.5 12h3" />
      <circle cx="15.5" cy="11" r=".6" />
      <circle cx="17" cy="13" r=".6" />
    </Icon>
  );
}

export function LockIcon() {
  return (
    <Icon>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 018 0v3" />
    </Icon>
  );
}

export function GiftIcon() {
  return (
    <Icon>
      <rect x="4" y="9" width="16" height="4" rx="1" />
      <path d="M5.5 13v7h13v-7M12 9v11" />
      <path d="M12 9c-1.5-3.5-5.5-3.5-5.5-1S10 9 12 9c2 0 5.5 0 5.5-1S13.5 5.5 12 9z" />
    </Icon>
  );
}

/** The placeholder drawn where an item has no picture, or its picture failed to load. */
export function ItemPlaceholderArt() {
  return (
    <svg className="item-placeholder-art" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M32 6l22 12v28L32 58 10 46V18z" fill="rgba(124,140,255,0.12)" stroke="rgba(199,208,255,0.45)" />
      <path d="M10 18l22 12 22-12M32 30v28" fill="none" stroke="rgba(199,208,255,0.35)" />
      <path d="M21 12.5l22 12" fill="none" stroke="rgba(127,227,255,0.45)" strokeDasharray="3 3" />
    </svg>
  );
}
