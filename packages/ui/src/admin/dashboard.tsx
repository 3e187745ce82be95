// Admin Dashboard (SPEC.md §2): four figure cards. Issue 4 replaces the spec's fixed zeros with the
// real figures from GET /api/admin/stats; until they arrive, or if they cannot be loaded, a dash.
// Below them, only when there are any, the background jobs that gave up (issue 17), and the game
// servers with their last heartbeat (issue 21). Under the figures, revenue per day (issue 22). What
// Discord cannot do on this server and the settings it needs, when something is missing (issue 23).

import type { AdminStats } from '@starport/api-client/contract';
import { formatCredits, formatUsd } from '../format/format.ts';
import { DiscordSetup } from './discord/discord-setup.tsx';
import { GameServerHeartbeats } from './game-servers/game-server-heartbeats.tsx';
import { DeadJobs } from './jobs/dead-jobs.tsx';
import { RevenueChart } from './revenue-chart.tsx';
import { useAdminApi } from './shared/admin-context.tsx';
import { adminQueries } from './shared/admin-queries.ts';
import { ScreenHeader } from './shared/screen-header.tsx';
import { logFailure, useAdminQuery } from './shared/use-admin-query.ts';
import { useAdminTitle } from './shared/use-admin-title.ts';

const cards: { key: keyof AdminStats; title: string; note: string; format: (value: number) => string }[] = [
  { key: 'totalUsers', title: 'Total Users', note: 'Registered accounts', format: formatCredits },
  {
    key: 'activeSubscriptions',
    title: 'Active Subscriptions',
    note: 'Paid supporter subscriptions',
    format: formatCredits,
  },
  { key: 'shopItems', title: 'Shop Items', note: 'Active in the shop', format: formatCredits },
  { key: 'revenue30d', title: 'Revenue (30d)', note: 'Payments, last 30 days', format: formatUsd },
];

export function AdminDashboard() {
  const api = useAdminApi();
  useAdminTitle('Dashboard');
  const { data: stats } = useAdminQuery(adminQueries(api).stats(), logFailure('Failed to load the admin figures'));

  return (
    <>
      <ScreenHeader title="Dashboard">The state of Starport at a glance.</ScreenHeader>
      <ul className="admin-stat-grid">
        {cards.map((card) => (
          <li key={card.key} className="card admin-stat-card">
            <h3 className="admin-stat-title">{card.title}</h3>
            <p className="admin-stat-value" aria-busy={stats === undefined || undefined}>
              {stats ? card.format(stats[card.key]) : '—'}
            </p>
            <p className="admin-stat-note">{card.note}</p>
          </li>
        ))}
      </ul>
      <RevenueChart />
      <DiscordSetup />
      <DeadJobs />
      <GameServerHeartbeats />
    </>
  );
}
