// Support (/tiers, public; SPEC.md §2): the supporter tier cards with their badges and the subscribe,
// upgrade, downgrade or change button, which sends the player to the card payment provider; back
// from it with ?subscription=success, the user is refreshed and the thank-you modal shows.

import { ApiError, fallbackMessages } from '@starport/api-client/client';
import type { Tier, TiersResponse, User } from '@starport/api-client/contract';
import { DEFAULT_TIER_ICON } from '@starport/api-client/contract';
import { EmojiIcon } from '@starport/ui/emoji-icon';
import { formatUsd } from '@starport/ui/format';
import { useSession } from '@starport/ui/session';
import { useToast } from '@starport/ui/toast';
import type { CSSProperties } from 'react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApi, useNavigateAway } from '../app-providers.tsx';
import { CheckIcon } from '../components/icons.tsx';
import { TierGridSkeleton } from '../components/skeletons.tsx';
import { DISCORD_AUTH_PATH, ThankYouDialog } from '../components/thank-you-dialog.tsx';
import type { TierAction } from '../components/tier-action.ts';
import { getTierAction, isCurrentTier, isMostPopular } from '../components/tier-action.ts';
import { type PageRead, useLoaded } from '../components/use-loaded.ts';
import { usePageTitle } from '../components/use-page-title.ts';
import { usePaymentPage } from '../components/use-payment-page.ts';
import { useQueryNotice } from '../components/use-query-notice.ts';
import { useLandingPath } from '../routing/tab-routes.tsx';

// Only a player who opens "Gift a month" loads the dialog and its player picker.
const GiftTierDialog = lazy(() =>
  import('./gift-tier-dialog.tsx').then((module) => ({ default: module.GiftTierDialog })),
);
const SubscribeCouponDialog = lazy(() =>
  import('./subscribe-coupon-dialog.tsx').then((module) => ({ default: module.SubscribeCouponDialog })),
);

export const loginToSubscribeMessage = 'Please log in to subscribe';
export const giftMonthLabel = 'Gift a month';
export const haveCouponLabel = 'Have a coupon code?';

interface TierCardProps {
  tier: Tier;
  user: User | null;
  /** True while the session is checked or another tier's request is in flight. */
  blocked: boolean;
  pending: boolean;
  onChoose: (tier: Tier, action: TierAction) => void;
  /** Issue 20: a month of this tier for another player (signed in only). */
  onGift: (tier: Tier) => void;
  /** Issue 22: subscribing with a coupon code, off the first month (only where Subscribe is the action). */
  onCoupon: (tier: Tier) => void;
}

function TierCard({ tier, user, blocked, pending, onChoose, onGift, onCoupon }: TierCardProps) {
  const action = getTierAction(tier, user);
  const current = isCurrentTier(tier, user);
  const popular = isMostPopular(tier, user);
  const nameId = `tier-${tier._id}-name`;
  // Admin-chosen colours go in as custom properties: the stylesheet decides where they show.
  const accent = {
    '--tier-from': tier.colorGradient.from,
    '--tier-to': tier.colorGradient.to,
  } as CSSProperties;
  const roleColor = { '--role-color': tier.discordRoleColor } as CSSProperties;
  const emphasised = action.label === 'Subscribe' || action.label === 'Upgrade';
  let classes = 'card tier-card';
  if (current) classes += ' is-current';
  if (popular) classes += ' is-popular';

  return (
    <article className={classes} style={accent} aria-labelledby={nameId}>
      <div className="tier-badges">
        {current ? <span className="badge badge-success">Your Current Tier</span> : null}
        {popular ? <span className="badge tier-badge-popular">Most Popular</span> : null}
      </div>
      <div className="tier-icon">
        <EmojiIcon emoji={tier.icon || DEFAULT_TIER_ICON} size={32} />
      </div>
      <h2 id={nameId} className="tier-name">
        {tier.name}
      </h2>
      <p className="tier-price">
        <span className="tier-amount">{formatUsd(tier.price)}</span>
        <span className="tier-period">/month</span>
      </p>
      <p className="tier-role">
        <span className="tier-role-label">Discord role</span>
        <span className="role-badge" style={roleColor}>
          {tier.discordRole}
        </span>
      </p>
      <ul className="tier-benefits">
        {tier.benefits.map((benefit) => (
          <li key={benefit}>
            <CheckIcon />
            <span>{benefit}</span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={emphasised ? 'btn btn-primary btn-block tier-action' : 'btn btn-secondary btn-block tier-action'}
        disabled={action.disabled || blocked}
        aria-busy={pending || undefined}
        onClick={() => onChoose(tier, action)}
      >
        {pending ? 'Redirecting...' : action.label}
      </button>
      {action.call === 'subscribe' && !action.disabled ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-block tier-coupon"
          aria-label={`Have a coupon code for ${tier.name}?`}
          aria-haspopup="dialog"
          disabled={blocked}
          onClick={() => onCoupon(tier)}
        >
          {haveCouponLabel}
        </button>
      ) : null}
      {user ? (
        <button
          type="button"
          className="btn btn-ghost btn-block tier-gift"
          aria-label={`${giftMonthLabel} of ${tier.name}`}
          aria-haspopup="dialog"
          disabled={blocked}
          onClick={() => onGift(tier)}
        >
          {giftMonthLabel}
        </button>
      ) : null}
    </article>
  );
}

const readTiers: PageRead<TiersResponse> = (api) => api.tiers.list();
/** Begun before the page first renders (components/use-loaded.ts). */
export const reads = [readTiers];

export function TiersPage() {
  usePageTitle('Support');
  const { user, loading: sessionLoading, refreshUser } = useSession();
  const toast = useToast();
  const navigateAway = useNavigateAway();
  const toPaymentPage = usePaymentPage();
  const navigate = useNavigate();
  const landing = useLandingPath();
  const { data, loading } = useLoaded(readTiers, 'Failed to load tiers');
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [giftOf, setGiftOf] = useState<Tier | null>(null);
  const [couponFor, setCouponFor] = useState<Tier | null>(null);
  /** The thank-you message once loaded; null while the modal is closed. */
  const [thankYou, setThankYou] = useState<string | null>(null);
  const api = useApi();

  // SPEC.md §2: back from a subscription payment, refresh the user (their new tier), load the
  // thank-you message from the site settings, then show the modal (with the default text if that fails).
  useQueryNotice(['subscription'], (params) => {
    if (params.get('subscription') !== 'success') return;
    void (async () => {
      let message = '';
      const [, settings] = await Promise.allSettled([refreshUser(), api.shop.siteSettings()]);
      if (settings.status === 'fulfilled') message = settings.value.settings.thankYouMessage ?? '';
      // SPEC.md §8: a silent failure, logged only.
      else console.error('Failed to load site settings', settings.reason);
      setThankYou(message);
    })();
  });

  const tiers = (data?.tiers ?? []).filter((tier) => tier.isActive);

  async function handleChoose(tier: Tier, action: TierAction) {
    if (action.call === 'login') {
      toast.info(loginToSubscribeMessage);
      return;
    }
    if (action.call === 'none' || pendingId) return;
    setPendingId(tier._id);
    try {
      // Stays busy: the browser is leaving for the payment page.
      await toPaymentPage(
        action.call === 'subscribe' ? api.payments.subscribe(tier._id) : api.payments.changeTier(tier._id),
      );
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : fallbackMessages.subscription);
      setPendingId(null);
    }
  }

  return (
    <div className="page container tiers-page">
      <TiersIntro />

      {loading ? (
        <TierGridSkeleton />
      ) : tiers.length === 0 ? (
        <div className="empty-state">
          <p>No supporter tiers are available right now.</p>
        </div>
      ) : (
        <ul className="tier-grid">
          {tiers.map((tier) => (
            <li key={tier._id}>
              <TierCard
                tier={tier}
                user={user}
                blocked={sessionLoading || pendingId !== null}
                pending={pendingId === tier._id}
                onChoose={handleChoose}
                onGift={setGiftOf}
                onCoupon={setCouponFor}
              />
            </li>
          ))}
        </ul>
      )}

      {couponFor ? (
        <Suspense fallback={null}>
          <SubscribeCouponDialog tier={couponFor} onClose={() => setCouponFor(null)} />
        </Suspense>
      ) : null}

      {giftOf ? (
        <Suspense fallback={null}>
          <GiftTierDialog tier={giftOf} onClose={() => setGiftOf(null)} />
        </Suspense>
      ) : null}

      <ThankYouDialog
        open={thankYou !== null}
        message={thankYou ?? ''}
        user={user}
        onLinkDiscord={() => navigateAway(DISCORD_AUTH_PATH)}
        onContinue={() => {
          setThankYou(null);
          void navigate(landing);
        }}
      />
    </div>
  );
}

function TiersIntro() {
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
