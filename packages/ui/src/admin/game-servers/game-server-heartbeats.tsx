// The game servers that reported (POST /api/game/heartbeat), on the dashboard: each server's name,
// its key, its players and when it was last heard from; one silent for two minutes counts as down.

import { HEARTBEAT_WINDOW_MS } from '@starport/api-client/contract';
import { formatCredits, formatDate, formatTime } from '../../format/format.ts';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { DataTable } from '../shared/data-table.tsx';
import { logFailure, useAdminQuery } from '../shared/use-admin-query.ts';

export function GameServerHeartbeats() {
  const api = useAdminApi();
  const servers = useAdminQuery(adminQueries(api).heartbeats(), logFailure('Failed to load the game servers'));
  const list = servers.data ?? [];
  return (
    <section className="admin-section" aria-labelledby="game-servers-title">
      <h2 id="game-servers-title" className="admin-section-title">
        Game servers
      </h2>
      {list.length === 0 ? (
        <p className="field-hint">
          No game server has reported yet. Servers send a heartbeat every minute with their key.
        </p>
      ) : (
        <DataTable
          label="Game servers"
          columns={[
            {
              header: 'Server',
              rowHeader: true,
              cell: (server) => {
                const up = Date.now() - Date.parse(server.seenAt) <= HEARTBEAT_WINDOW_MS;
                return (
                  <>
                    <span className={`badge ${up ? 'badge-success' : 'badge-error'}`}>{up ? 'Up' : 'Silent'}</span>{' '}
                    {server.serverName}
                  </>
                );
              },
            },
            { header: 'Key', cell: (server) => server.keyName },
            { header: 'Players', className: 'cell-number', cell: (server) => formatCredits(server.playersOnline) },
            {
              header: 'Last heartbeat',
              className: 'cell-nowrap',
              cell: (server) => `${formatDate(server.seenAt)} ${formatTime(server.seenAt)}`,
            },
          ]}
          rows={list}
          rowKey={(server) => `${server.keyName}/${server.serverName}`}
        />
      )}
    </section>
  );
}
