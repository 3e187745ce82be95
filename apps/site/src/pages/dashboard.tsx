// Dashboard (/dashboard, players only; SPEC.md §2): the welcome, the credits, tier and Discord cards,
// quick actions, and the outcome of a Discord linking round trip (?discord_success, ?discord_error).
// A supporter's tier card says when the subscription renews or ends and offers Manage Subscription.
// The monthly goal's bar (issue 22) sits under the welcome when an admin has set one.

import { ApiError, fallbackMessages } from '@starport/api-client/client';
import type { SubscriptionInfo, SubscriptionResponse, User } from '@starport/api-client/contract';
import { formatCredits, formatDate } from '@starport/ui/format';
import { useSession } from '@starport/ui/session';
import { useToast } from '@starport/ui/toast';
import type { ReactNode } from 'react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useApi, useNavigateAway } from '../app-providers.tsx';
import { discordMessages, useDiscordLinkNotice } from '../components/discord-link-notice.ts';
import {
  CheckIcon,
  CreditsIcon,
  DiscordIcon,
  InventoryIcon,
  LeaderboardIcon,
  PlayIcon,
  ShopIcon,
  SupportIcon,
  TierIcon,
  TradeIcon,
} from '../components/icons.tsx';
import { MonthlyGoal } from '../components/monthly-goal.tsx';
import { PilotsOnline } from '../components/pilots-online.tsx';
import { Block, DashboardSkeleton } from '../components/skeletons.tsx';
import { type PageRead, useLoaded } from '../components/use-loaded.ts';
import { usePageTitle } from '../components/use-page-title.ts';
import { TabLink, useRouteVisible } from '../routing/tab-routes.tsx';
import { useSiteSettings } from '../site-settings.tsx';
import { RedeemCodeCard } from './redeem-code-card.tsx';

// Only a player who asks to unlink Discord loads the confirmation (its dialog is a chunk of its own).
const ConfirmDialog = lazy(() => import('@starport/ui/dialog').then((module) => ({ default: module.ConfirmDialog })));

interface QuickAction {
  to: string;
  title: string;
  text: string;
  icon: ReactNode;
}

const quickActions: QuickAction[] = [
  { to: '/shop', title: 'Shop', text: 'Ships, gear and credit packs.', icon: <ShopIcon /> },
  { to: '/inventory', title: 'Inventory', text: 'Everything you own.', icon: <InventoryIcon /> },
  { to: '/tiers', title: 'Support', text: 'Back Starport with a tier.', icon: <SupportIcon /> },
  { to: '/trade', title: 'Trade', text: 'Swap items with players.', icon: <TradeIcon /> },
  { to: '/leaderboard', title: 'Leaderboard', text: 'See who rules the galaxy.', icon: <LeaderboardIcon /> },
];

function StatCard({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="card stat-card" aria-labelledby={id}>
      <div className="stat-head">
        <span className="stat-icon">{icon}</span>
        <h2 id={id} className="stat-title">
          {title}
        </h2>
      </div>
      {children}
    </section>
  );
}

export const subscriptionMessages = {
  manage: 'Manage Subscription',
  opening: 'Opening...',
  renews: (date: string) => `Renews on ${formatDate(date)}`,
  ends: (date: string) => `Ends on ${formatDate(date)}`,
  pastDue: 'Your last payment failed: update your card to keep your tier.',
  thanks: 'Thank you for backing Starport.',
  none: 'Back Starport and earn monthly perks.',
} as const;

/** What the tier card says under the tier's name. */
function tierNote(user: User, subscription: SubscriptionInfo | null): string {
  if (!user.currentTier) return subscriptionMessages.none;
  if (!subscription?.currentPeriodEnd) return subscriptionMessages.thanks;
  if (subscription.status === 'past_due') return subscriptionMessages.pastDue;
  return subscription.cancelAtPeriodEnd
    ? subscriptionMessages.ends(subscription.currentPeriodEnd)
    : subscriptionMessages.renews(subscription.currentPeriodEnd);
}

const readSubscription: PageRead<SubscriptionResponse> = (api) => api.payments.subscription();
/** Begun before the page first renders, beside the session check (components/use-loaded.ts). */
export const reads = [readSubscription];

function TierCard({ user }: { user: User }) {
  const api = useApi();
  const toast = useToast();
  const navigateAway = useNavigateAway();
  // Silent on failure (SPEC.md §8): the card then shows the tier without the subscription's dates.
  const { data } = useLoaded(readSubscription, 'Failed to load subscription');
  const subscription = data?.subscription ?? null;
  const [opening, setOpening] = useState(false);

  async function handleManage() {
    setOpening(true);
    try {
      const { url } = await api.payments.portal();
      if (!url) throw new Error('No portal address in the answer');
      // Stays busy: the browser is leaving for the portal.
      navigateAway(url);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : fallbackMessages.subscription);
      setOpening(false);
    }
  }

  return (
    <StatCard id="dashboard-tier" title="Supporter Tier" icon={<TierIcon />}>
      {user.currentTier ? (
        <p className="stat-value stat-value-text">{user.currentTier.name}</p>
      ) : (
        <p className="stat-value stat-value-text stat-value-muted">None</p>
      )}
      <p className={subscription?.status === 'past_due' ? 'stat-note stat-note-warning' : 'stat-note'}>
        {tierNote(user, subscription)}
      </p>
      <div className="stat-actions">
        <TabLink to="/tiers" className="btn btn-secondary btn-sm stat-action">
          View Tiers
        </TabLink>
        {/* Only a paying supporter has a subscription to manage; a tier an admin granted has none. */}
        {user.currentTier && subscription ? (
          <button
            type="button"
            className="btn btn-primary btn-sm stat-action"
            onClick={handleManage}
            disabled={opening}
            aria-busy={opening || undefined}
          >
            {opening ? subscriptionMessages.opening : subscriptionMessages.manage}
          </button>
        ) : null}
      </div>
    </StatCard>
  );
}

function DiscordCard({ user }: { user: User }) {
  const api = useApi();
  const toast = useToast();
  const navigateAway = useNavigateAway();
  const { refreshUser } = useSession();
  const [linking, setLinking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [unlinking, setUnlinking] = useState(false);

  async function handleLink() {
    setLinking(true);
    try {
      const { redirectUrl } = await api.discord.link();
      if (!redirectUrl) throw new Error('No Discord address in the answer');
      // Stays busy on success: the browser is leaving for Discord.
      navigateAway(redirectUrl);
    } catch (error) {
      console.error(discordMessages.linkStartFailed, error);
      toast.error(discordMessages.linkStartFailed);
      setLinking(false);
    }
  }

  async function handleUnlink() {
    setUnlinking(true);
    try {
      await api.discord.unlink();
      toast.success(discordMessages.unlinked);
      await refreshUser();
    } catch (error) {
      console.error(discordMessages.unlinkFailed, error);
      toast.error(discordMessages.unlinkFailed);
    } finally {
      setUnlinking(false);
      setConfirming(false);
    }
  }

  const linked = Boolean(user.discordId);
  // Issue 23: said before the click, not as a failure after it; the admin dashboard says what to set.
  const available = useSiteSettings().discord.linking;
  const noteId = 'dashboard-discord-note';
  const note = (text: string) =>
    available ? (
      <p id={noteId} className="stat-note">
        {text}
      </p>
    ) : (
      <p id={noteId} className="stat-note stat-note-warning">
        {discordMessages.unavailable}
      </p>
    );
  return (
    <StatCard id="dashboard-discord" title="Discord" icon={<DiscordIcon />}>
      {linked ? (
        <>
          <p className="stat-value stat-value-text discord-linked">
            <span className="discord-check">
              <CheckIcon />
            </span>
            <span className="visually-hidden">Linked as </span>
            <span className="discord-name">{user.discordUsername ?? 'Linked'}</span>
          </p>
          {note('Connected to your Starport account.')}
          <button
            type="button"
            className="btn btn-secondary btn-sm stat-action"
            onClick={() => setConfirming(true)}
            disabled={unlinking || !available}
            aria-describedby={available ? undefined : noteId}
          >
            Unlink Discord
          </button>
          {confirming ? (
            <Suspense fallback={null}>
              <ConfirmDialog
                open
                title="Unlink Discord"
                message={<p>{discordMessages.unlinkConfirm}</p>}
                confirmLabel="Unlink"
                tone="danger"
                busy={unlinking}
                onConfirm={handleUnlink}
                onCancel={() => setConfirming(false)}
              />
            </Suspense>
          ) : null}
        </>
      ) : (
        <>
          <p className="stat-value stat-value-text stat-value-muted">Not Linked</p>
          {note('Link your account to receive your supporter role.')}
          <button
            type="button"
            className="btn btn-primary btn-sm stat-action"
            onClick={handleLink}
            disabled={linking || !available}
            aria-describedby={available ? undefined : noteId}
          >
            Link Discord
          </button>
        </>
      )}
    </StatCard>
  );
}

export const playTileMessages = {
  unset: 'Set the Play URL in Site Settings',
  text: 'Launch Starport and sign in with this account.',
} as const;

/**
 * Play Game (issue 21): opens the Play URL of the site settings (a download page or a launcher link
 * such as starport://play) with its label. Unset, players see no tile and admins a way to set it.
 */
function PlayTile({ isAdmin }: { isAdmin: boolean }) {
  const { playUrl, playLabel } = useSiteSettings();
  if (!playUrl) {
    if (!isAdmin) return null;
    return (
      <li>
        <Link to="/admin/settings" className="quick-tile quick-tile-hint">
          <span className="quick-icon quick-icon-play">
            <PlayIcon />
          </span>
          <span className="quick-title">Play Game</span>
          <span className="quick-text">{playTileMessages.unset}</span>
        </Link>
      </li>
    );
  }
  return (
    <li>
      <a href={playUrl} className="quick-tile quick-tile-play" rel="noopener">
        <span className="quick-icon quick-icon-play">
          <PlayIcon />
        </span>
        <span className="quick-title">{playLabel}</span>
        <span className="quick-text">{playTileMessages.text}</span>
      </a>
    </li>
  );
}

export function DashboardPage() {
  const { user } = useSession();
  const routeVisible = useRouteVisible();
  usePageTitle('Dashboard');

  // SPEC.md §2: the Discord OAuth callback comes back here (or home, while this tab is hidden) with its
  // outcome in the query string.
  useDiscordLinkNotice();

  // The guard only renders this page for a signed-in user.
  if (!user) return null;

  return (
    <div className="page container dashboard">
      <header className="page-header dashboard-header">
        <div>
          <h1>Welcome, {user.username}</h1>
          <p>{dashboardLead}</p>
          <PilotsOnline />
        </div>
        <DashboardLinks />
      </header>

      <MonthlyGoal className="dashboard-goal" />

      <div className="stat-grid">
        <StatCard id="dashboard-credits" title="Credits" icon={<CreditsIcon />}>
          <p className="stat-value stat-value-credits">{formatCredits(user.credits)}</p>
          <p className="stat-note">Spend them on ships, gear and cosmetics.</p>
          <TabLink to="/shop" className="btn btn-secondary btn-sm stat-action">
            Buy Credits
          </TabLink>
        </StatCard>

        <TierCard user={user} />

        <DiscordCard user={user} />

        <RedeemCodeCard />
      </div>

      <section className="quick-actions" aria-labelledby="dashboard-quick-actions">
        <h2 id="dashboard-quick-actions">Quick Actions</h2>
        <ul className="quick-grid">
          {quickActions
            .filter((action) => routeVisible(action.to))
            .map((action) => (
              <li key={action.to}>
                <Link to={action.to} className="quick-tile">
                  <span className="quick-icon">{action.icon}</span>
                  <span className="quick-title">{action.title}</span>
                  <span className="quick-text">{action.text}</span>
                </Link>
              </li>
            ))}
          <PlayTile isAdmin={user.isAdmin} />
        </ul>
      </section>
    </div>
  );
}

const dashboardLead = 'Your command deck: credits, supporter tier and linked accounts at a glance.';

/** The header's ways to the player's purchases (issue 22) and Account page, the same in the shell. */
function DashboardLinks() {
  return (
    <div className="dashboard-links button-row">
      <Link to="/purchases" className="btn btn-secondary btn-sm dashboard-account-link">
        Purchases
      </Link>
      <Link to="/account" className="btn btn-secondary btn-sm dashboard-account-link">
        Account settings
      </Link>
    </div>
  );
}

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
        <DashboardLinks />
      </header>
      <DashboardSkeleton />
    </div>
  );
}
