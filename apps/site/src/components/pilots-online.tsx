// "N pilots online" (issue 21): the players on the game servers heard from in the last two minutes
// (GET /api/status); nothing at all while no server has reported, or if the call fails.
import type { StatusResponse } from '@starport/api-client/contract';
import { formatCredits } from '@starport/ui/format';
import { useEffect, useState } from 'react';
import { useApi } from '../app-providers.tsx';

export const pilotsOnlineText = (players: number) =>
  `${formatCredits(players)} pilot${players === 1 ? '' : 's'} online`;

export function PilotsOnline({ className = '' }: { className?: string }) {
  const api = useApi();
  const [status, setStatus] = useState<StatusResponse | null>(null);
  useEffect(() => {
    let live = true;
    api
      .status()
      .then((answer) => {
        if (live) setStatus(answer);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [api]);
  if (!status || status.servers === 0) return null;
  return (
    <p className={`pilots-online ${className}`.trim()}>
      <span className="pilots-online-dot" aria-hidden="true" />
      {pilotsOnlineText(status.playersOnline)}
    </p>
  );
}
