// Leaderboard (/leaderboard, issue 21): one tab per visible metric, a season picker, the top 100 with
// rank, pilot, tier badge and the value in the metric's format (ties share a rank), the signed-in
// player's own row pinned below when it is not on the page, a search by name, and paging.
import type {
  LeaderboardEntry,
  LeaderboardMetricsResponse,
  LeaderboardResponse,
  MetricFormat,
} from '@starport/api-client/contract';
import { formatStatValue } from '@starport/ui/format';
import { useSession } from '@starport/ui/session';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useApi } from '../app-providers.tsx';
import { Block } from '../components/skeletons.tsx';
import { usePageTitle } from '../components/use-page-title.ts';

export const leaderboardTexts = {
  title: 'Leaderboard',
  lead: 'The best pilots in the galaxy, as the game servers report them.',
  noMetrics: 'No leaderboards yet. Check back once the game servers report stats.',
  empty: 'No scores on this board yet.',
  noMatch: 'No pilot on this board has a name starting with that.',
  failed: 'The leaderboard could not be loaded.',
  retry: 'Try again',
  you: 'Your position',
  current: 'current',
} as const;

const ROW_PLACEHOLDERS = 10;

function seasonLabel(season: LeaderboardMetricsResponse['seasons'][number]): string {
  return `Season ${season.number}${season.endedAt ? '' : ` (${leaderboardTexts.current})`}`;
}

function Row({ entry, format, mine }: { entry: LeaderboardEntry; format: MetricFormat; mine?: boolean }) {
  return (
    <tr className={mine ? 'leaderboard-me' : undefined} aria-current={mine ? 'true' : undefined}>
      <td className="leaderboard-rank">{entry.rank}</td>
      <td>
        <span className="leaderboard-pilot">
          <span className="leaderboard-name">{entry.player.username}</span>
          {entry.player.tierName ? <span className="badge badge-accent">{entry.player.tierName}</span> : null}
        </span>
      </td>
      <td className="leaderboard-value">{formatStatValue(entry.value, format)}</td>
    </tr>
  );
}

/** Whether the player's own row is among those shown (by rank and value; their name may read "Anonymous pilot" there). */
function showsMe(board: LeaderboardResponse): boolean {
  const { me } = board;
  return Boolean(me && board.entries.some((entry) => entry.rank === me.rank && entry.value === me.value));
}

export function LeaderboardPage() {
  usePageTitle(leaderboardTexts.title);
  const api = useApi();
  const { user } = useSession();
  const [choices, setChoices] = useState<LeaderboardMetricsResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [metric, setMetric] = useState<string | null>(null);
  const [season, setSeason] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [searchInput, setSearchInput] = useState('');
  /** The cursors of the pages before this one, and this page's. */
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [board, setBoard] = useState<LeaderboardResponse | null>(null);
  const [loading, setLoading] = useState(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt: Try again loads them again.
  useEffect(() => {
    let current = true;
    api.leaderboard
      .metrics()
      .then((answer) => {
        if (!current) return;
        setChoices(answer);
        setMetric((chosen) => chosen ?? answer.metrics[0]?.key ?? null);
        if (answer.metrics.length === 0) setLoading(false);
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.error('Failed to load the leaderboards', error);
        setFailed(true);
        setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [api, attempt]);

  const cursor = cursors[cursors.length - 1];
  // biome-ignore lint/correctness/useExhaustiveDependencies: user: the own row changes with who is signed in.
  useEffect(() => {
    if (!metric) return;
    const controller = new AbortController();
    setLoading(true);
    setFailed(false);
    api.leaderboard
      .board({ metric, season: season ?? undefined, search: search || undefined, cursor }, controller.signal)
      .then((answer) => {
        setBoard(answer);
        setLoading(false);
      })
      .catch((error: unknown) => {
        if ((error as Error)?.name === 'AbortError') return;
        console.error('Failed to load the leaderboard', error);
        setFailed(true);
        setLoading(false);
      });
    return () => controller.abort();
  }, [api, metric, season, search, cursor, attempt, user?._id]);

  const restart = () => setCursors([undefined]);
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(searchInput.trim());
    restart();
  };

  const metrics = choices?.metrics ?? [];
  const format = board?.metric?.format ?? 'number';
  const pinned = board?.me && !search && !showsMe(board) ? board.me : null;

  let body: ReactNode;
  if (failed) {
    body = (
      <div className="empty-state" role="alert">
        <p>{leaderboardTexts.failed}</p>
        <button type="button" className="btn btn-secondary" onClick={() => setAttempt((n) => n + 1)}>
          {leaderboardTexts.retry}
        </button>
      </div>
    );
  } else if (choices && metrics.length === 0) {
    body = (
      <div className="empty-state">
        <p>{leaderboardTexts.noMetrics}</p>
      </div>
    );
  } else if (loading || !board) {
    body = (
      <div className="leaderboard-skeleton">
        <p className="visually-hidden" role="status">
          Loading the leaderboard...
        </p>
        {Array.from({ length: ROW_PLACEHOLDERS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
          <Block key={index} className="leaderboard-skeleton-row" />
        ))}
      </div>
    );
  } else if (board.entries.length === 0 && !pinned) {
    body = (
      <div className="empty-state">
        <p>{search ? leaderboardTexts.noMatch : leaderboardTexts.empty}</p>
      </div>
    );
  } else {
    body = (
      <>
        <div className="leaderboard-table-wrap">
          <table className="leaderboard-table">
            <caption className="visually-hidden">
              {board.metric?.label} — {board.season ? `Season ${board.season.number}` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Pilot</th>
                <th scope="col">{board.metric?.label}</th>
              </tr>
            </thead>
            <tbody>
              {board.entries.map((entry) => (
                <Row
                  key={`${entry.rank}-${entry.player.username}-${entry.value}`}
                  entry={entry}
                  format={format}
                  mine={Boolean(board.me && entry.rank === board.me.rank && entry.value === board.me.value)}
                />
              ))}
            </tbody>
            {pinned ? (
              <tbody className="leaderboard-pinned" aria-label={leaderboardTexts.you}>
                <tr className="leaderboard-pinned-label">
                  <th scope="rowgroup" colSpan={3}>
                    {leaderboardTexts.you}
                  </th>
                </tr>
                <Row entry={pinned} format={format} mine />
              </tbody>
            ) : null}
          </table>
        </div>
        <nav className="leaderboard-paging" aria-label="Pages">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={cursors.length <= 1}
            onClick={() => setCursors((list) => list.slice(0, -1))}
          >
            Previous
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={!board.nextCursor}
            onClick={() => {
              const next = board.nextCursor;
              if (next) setCursors((list) => [...list, next]);
            }}
          >
            Next
          </button>
        </nav>
      </>
    );
  }

  return (
    <div className="page container leaderboard-page">
      <header className="page-header">
        <h1>{leaderboardTexts.title}</h1>
        <p>{leaderboardTexts.lead}</p>
      </header>

      {metrics.length > 0 ? (
        <>
          <fieldset className="category-tabs">
            <legend className="visually-hidden">Leaderboards</legend>
            {metrics.map((choice) => (
              <button
                key={choice.key}
                type="button"
                className="category-tab"
                aria-pressed={metric === choice.key}
                onClick={() => {
                  setMetric(choice.key);
                  restart();
                }}
              >
                {choice.label}
              </button>
            ))}
          </fieldset>
          <div className="leaderboard-controls">
            <label className="leaderboard-season">
              <span>Season</span>
              <select
                className="input"
                value={season ?? board?.season._id ?? ''}
                onChange={(event) => {
                  setSeason(event.target.value);
                  restart();
                }}
              >
                {(choices?.seasons ?? []).map((choice) => (
                  <option key={choice._id} value={choice._id}>
                    {seasonLabel(choice)}
                  </option>
                ))}
              </select>
            </label>
            <form className="leaderboard-search" onSubmit={onSearch}>
              <label className="visually-hidden" htmlFor="leaderboard-search">
                Search pilots by name
              </label>
              <input
                id="leaderboard-search"
                className="input"
                type="search"
                placeholder="Search pilots"
                maxLength={20}
                value={searchInput}
                onChange={(event) => {
                  setSearchInput(event.target.value);
                  if (event.target.value === '' && search) {
                    setSearch('');
                    restart();
                  }
                }}
              />
              <button type="submit" className="btn btn-secondary btn-sm">
                Search
              </button>
            </form>
          </div>
        </>
      ) : null}

      {body}
    </div>
  );
}
