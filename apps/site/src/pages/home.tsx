// Home (SPEC.md §2): what Starport is, the next step for guests or players, and six feature cards;
// the monthly goal's bar (issue 22) under the hero when an admin has set one; and the outcome of a
// Discord link while the dashboard's tab is hidden (issue 23).

import type { PublicUpdate } from '@starport/api-client/contract';
import { useSession } from '@starport/ui/session';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useApi } from '../app-providers.tsx';
import { useDiscordLinkNotice } from '../components/discord-link-notice.ts';
import { BuildIcon, CombatIcon, EconomyIcon, ExploreIcon, FactionIcon, WorldIcon } from '../components/icons.tsx';
import { MonthlyGoal } from '../components/monthly-goal.tsx';
import { PilotsOnline } from '../components/pilots-online.tsx';
import { Block, CardGridSkeleton } from '../components/skeletons.tsx';
import { UpdateCard } from '../components/update-card.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { TabLink, useRouteVisible } from '../routing/tab-routes.tsx';

interface Feature {
  title: string;
  text: string;
  icon: ReactNode;
}

const features: Feature[] = [
  {
    title: 'Space Exploration',
    text: 'Chart unknown star systems, scan for resource-rich worlds and push the frontier further with every jump.',
    icon: <ExploreIcon />,
  },
  {
    title: 'Epic Combat',
    text: 'Command fleets in ship-to-ship battles in orbit, then land your troops and fight for the ground below.',
    icon: <CombatIcon />,
  },
  {
    title: 'Build and Conquer',
    text: 'Grow outposts into fortified colonies, expand your industry and claim territory system by system.',
    icon: <BuildIcon />,
  },
  {
    title: 'Faction Warfare',
    text: 'Join a faction, coordinate with your allies and wage large-scale wars for contested sectors.',
    icon: <FactionIcon />,
  },
  {
    title: 'Player Economy',
    text: 'Mine, manufacture and trade. Markets are driven by players, and every deal shapes the galaxy.',
    icon: <EconomyIcon />,
  },
  {
    title: 'Persistent World',
    text: 'The galaxy lives on when you log off: alliances shift, borders move and every battle leaves its mark.',
    icon: <WorldIcon />,
  },
];

function HeroActions() {
  const { user, loading } = useSession();
  // Avoids showing guest buttons to a returning player for the moment their session is checked.
  if (loading) return <HeroActionsPlaceholder />;
  if (user) {
    return (
      <div className="hero-actions button-row">
        <TabLink to="/dashboard" className="btn btn-primary btn-lg">
          Go to Dashboard
        </TabLink>
        {user.currentTier ? null : (
          <TabLink to="/tiers" className="btn btn-secondary btn-lg">
            Support Us
          </TabLink>
        )}
      </div>
    );
  }
  return (
    <div className="hero-actions button-row">
      <Link to="/register" className="btn btn-primary btn-lg">
        Get Started
      </Link>
      <TabLink to="/tiers" className="btn btn-secondary btn-lg">
        Support Us
      </TabLink>
    </div>
  );
}

/** How many of the latest posts the home page shows beside the pinned one. */
const LATEST_ON_HOME = 3;

/** The news on the home page (issue 21): the pinned post, then the three latest; nothing while there are none. */
function HomeNews() {
  const api = useApi();
  const [news, setNews] = useState<{ pinned: PublicUpdate | null; latest: PublicUpdate[] } | null>(null);
  useEffect(() => {
    let live = true;
    api.updates
      .list({ limit: LATEST_ON_HOME + 1 })
      .then((page) => {
        if (!live) return;
        const latest = page.updates.filter((post) => post._id !== page.pinned?._id).slice(0, LATEST_ON_HOME);
        setNews({ pinned: page.pinned, latest });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [api]);
  if (!news || (!news.pinned && news.latest.length === 0)) return null;
  return (
    <section className="home-news container" aria-labelledby="news-title">
      <div className="section-header section-header-row">
        <h2 id="news-title">Latest updates</h2>
        <TabLink to="/updates" className="btn btn-ghost btn-sm">
          All updates
        </TabLink>
      </div>
      {news.pinned ? <UpdateCard update={news.pinned} featured /> : null}
      {news.latest.length > 0 ? (
        <ul className="update-grid">
          {news.latest.map((post) => (
            <li key={post._id}>
              <UpdateCard update={post} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function HomePage() {
  const { user, loading } = useSession();
  const routeVisible = useRouteVisible();
  usePageTitle(null);
  // Issue 23: where the Discord callback lands while the dashboard's tab is hidden.
  useDiscordLinkNotice();

  return (
    <>
      <HomeHero actions={<HeroActions />} />
      <div className="container home-status">
        <PilotsOnline />
        <MonthlyGoal className="home-goal" />
      </div>
      {/* Its cards lead to the posts' pages, which the Updates tab hides with its own. */}
      {routeVisible('/updates') ? <HomeNews /> : null}

      <section className="features container" aria-labelledby="features-title">
        <div className="section-header">
          <h2 id="features-title">Your galaxy awaits</h2>
          <p className="text-muted">Everything happens in real time, alongside and against other players.</p>
        </div>
        <ul className="feature-grid">
          {features.map((feature) => (
            <li key={feature.title} className="card feature-card">
              <span className="feature-icon">{feature.icon}</span>
              <h3 className="card-title">{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      {loading || user ? null : (
        <section className="container" aria-labelledby="cta-title">
          <div className="card cta">
            <div>
              <h2 id="cta-title">Ready to take command?</h2>
              <p className="text-muted">Create a free account and join the galaxy in under a minute.</p>
            </div>
            <Link to="/register" className="btn btn-primary btn-lg">
              Create Account
            </Link>
          </div>
        </section>
      )}
    </>
  );
}

/** The home page's hero; `actions` are the buttons (a placeholder of their height in the shell). */
function HomeHero({ actions }: { actions: ReactNode }) {
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
function HeroActionsPlaceholder() {
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
