// The game servers that reported (POST /api/game/heartbeat), on the dashboard: each server's name,
// its key, its players and when it was last heard from; one silent for two minutes counts as down.

import { HEARTBEAT_WINDOW_MS } from '@starport/api-client/contract';
import { formatCredits, formatDate, formatTime } from '../../format/format.ts';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
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
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Server</th>
                <th scope="col">Key</th>
                <th scope="col">Players</th>
                <th scope="col">Last heartbeat</th>
              </tr>
            </thead>
            <tbody>
              {list.map((server) => {
                const up = Date.now() - Date.parse(server.seenAt) <= HEARTBEAT_WINDOW_MS;
                return (
                  <tr key={`${server.keyName}/${server.serverName}`}>
                    <th scope="row" data-label="Server">
                      <span>
                        <span className={`badge ${up ? 'badge-success' : 'badge-error'}`}>{up ? 'Up' : 'Silent'}</span>{' '}
                        {server.serverName}
                      </span>
                    </th>
                    <td data-label="Key">{server.keyName}</td>
                    <td data-label="Players" className="cell-number">
                      {formatCredits(server.playersOnline)}
                    </td>
                    <td data-label="Last heartbeat">
                      {formatDate(server.seenAt)} {formatTime(server.seenAt)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
