// Each page's shell: what it shows before its code and its data arrive (its heading and lead, and
// skeletons where the data goes). The route table shows a shell while the page's chunk loads (and
// the players' guard while the session is checked); scripts/prerender-shells.mjs writes the shells
// into dist/<page>/index.html at build time. The pages take their headings from here, so a shell and
// its page never disagree. This module is on every first load: only text and placeholders here.
import type { ReactNode } from 'react';
import { AuthCard } from '../components/auth-card.tsx';
import {
  AccountSectionsSkeleton,
  Block,
  CardGridSkeleton,
  DashboardSkeleton,
  FormSkeleton,
  InventoryGridSkeleton,
  ShopGridSkeleton,
  TierGridSkeleton,
} from '../components/skeletons.tsx';

/** The home page's hero; `actions` are the buttons (a placeholder of their height in the shell). */
export function HomeHero({ actions }: { actions: ReactNode }) {
  return (
    <section className="hero">
      <div className="container hero-inner">
        <div className="hero-copy">
          <p className="eyebrow">Massively multiplayer space RTS</p>
          <h1 className="hero-title">
            Build an empire <span className="gradient-text">among the stars</span>
          </h1>
          <p className="hero-lead">
            Starport is a real-time strategy game played by thousands of commanders in one shared galaxy. Explore
            distant systems, raise fleets and armies, fight in orbit and on the ground, and trade your way to power
            alongside your faction.
          </p>
          {actions}
        </div>
        <div className="hero-art" aria-hidden="true">
          <div className="planet">
            <div className="planet-ring" />
          </div>
          <div className="moon" />
        </div>
      </div>
    </section>
  );
}

/** Where the hero's buttons go, at their height, while nobody knows yet who is looking. */
export function HeroActionsPlaceholder() {
  return <div className="hero-actions" aria-hidden="true" />;
}

export function HomeShell() {
  return (
    <>
      <HomeHero actions={<HeroActionsPlaceholder />} />
      <section className="features container">
        <div className="section-header" aria-hidden="true">
          <Block className="skeleton-line skeleton-line-heading" />
          <Block className="skeleton-line" />
        </div>
        <CardGridSkeleton grid="feature-grid" card="feature-card skeleton-feature-card" count={6} />
      </section>
    </>
  );
}

export function ShopIntro({ balance }: { balance: ReactNode }) {
  return (
    <header className="page-header shop-header">
      <div>
        <h1>Shop</h1>
        <p>Ships, weapons, cosmetics and credit packs for your fleet.</p>
      </div>
      {balance}
    </header>
  );
}

/** The balance box's place, kept while the session is checked so the cards do not move down after. */
export function BalancePlaceholder() {
  return <Block className="shop-balance skeleton-balance" />;
}

export function ShopShell() {
  return (
    <div className="page container shop-page">
      <ShopIntro balance={<BalancePlaceholder />} />
      <ShopGridSkeleton />
    </div>
  );
}

export function TiersIntro() {
  return (
    <header className="page-header page-header-center">
      <h1>Support</h1>
      <p>
        Back Starport with a monthly supporter tier: bonus credits, a coloured role on our Discord and the thanks of the
        whole crew.
      </p>
    </header>
  );
}

export function TiersShell() {
  return (
    <div className="page container tiers-page">
      <TiersIntro />
      <TierGridSkeleton />
    </div>
  );
}

export const loginCopy = { title: 'Welcome back', subtitle: 'Log in to your Starport account.' } as const;
export const registerCopy = { title: 'Create your account', subtitle: 'Join the galaxy in under a minute.' } as const;

export function LoginShell() {
  return (
    <AuthCard {...loginCopy} failure={null}>
      <FormSkeleton fields={2} />
    </AuthCard>
  );
}

export function RegisterShell() {
  return (
    <AuthCard {...registerCopy} failure={null}>
      <FormSkeleton fields={4} />
    </AuthCard>
  );
}

export const dashboardLead = 'Your command deck: credits, supporter tier and linked accounts at a glance.';

/** The dashboard's way to the Account page, in its header; the shell holds its place (a plain link: no router there). */
export const accountSettingsLink = {
  to: '/account',
  className: 'btn btn-secondary btn-sm dashboard-account-link',
  label: 'Account settings',
} as const;

/** The dashboard's way to the player's purchases (issue 22), beside Account settings. */
export const purchasesLink = {
  to: '/purchases',
  className: 'btn btn-secondary btn-sm dashboard-account-link',
  label: 'Purchases',
} as const;

export function DashboardShell() {
  return (
    <div className="page container dashboard">
      <header className="page-header dashboard-header">
        <div>
          <div className="skeleton-h1" aria-hidden="true">
            <Block className="skeleton-line-h1" />
          </div>
          <p>{dashboardLead}</p>
        </div>
        <div className="dashboard-links button-row">
          <a href={purchasesLink.to} className={purchasesLink.className}>
            {purchasesLink.label}
          </a>
          <a href={accountSettingsLink.to} className={accountSettingsLink.className}>
            {accountSettingsLink.label}
          </a>
        </div>
      </header>
      <DashboardSkeleton />
    </div>
  );
}

export const accountLead =
  'Your profile, how you sign in, where you are signed in, your data, and closing your account.';

export function AccountIntro() {
  return (
    <header className="page-header">
      <h1>Account</h1>
      <p>{accountLead}</p>
    </header>
  );
}

/** The Account page's section cards, at the heights of a short section each. */
export function AccountShell() {
  return (
    <div className="page container account-page">
      <AccountIntro />
      <AccountSectionsSkeleton />
    </div>
  );
}

export function InventoryIntro() {
  return (
    <header className="page-header">
      <h1>Inventory</h1>
      <p>Everything you own. Pending items are on their way to your hangar in the game.</p>
    </header>
  );
}

export function InventoryShell() {
  return (
    <div className="page container inventory-page">
      <InventoryIntro />
      <InventoryGridSkeleton />
    </div>
  );
}

export const forgotPasswordCopy = {
  title: 'Forgot your password?',
  subtitle: 'Enter your email and we will send you a link to choose a new one.',
} as const;
export const resetPasswordCopy = { title: 'Choose a new password', subtitle: 'Then log in with it.' } as const;
export const verifyEmailCopy = { title: 'Verify your email', subtitle: 'Checking your link...' } as const;

export function ForgotPasswordShell() {
  return (
    <AuthCard {...forgotPasswordCopy} failure={null}>
      <FormSkeleton fields={1} />
    </AuthCard>
  );
}

export function ResetPasswordShell() {
  return (
    <AuthCard {...resetPasswordCopy} failure={null}>
      <FormSkeleton fields={2} />
    </AuthCard>
  );
}

export function VerifyEmailShell() {
  return (
    <AuthCard {...verifyEmailCopy} failure={null}>
      <Block className="skeleton-button" />
    </AuthCard>
  );
}
