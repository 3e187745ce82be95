// Trade (/trade, players only; issue 20): the player's offers in three tabs, Incoming, Outgoing and
// History, each showing exactly what moves both ways (items with their pictures and quantities, and
// credits), with Accept / Decline or Cancel; and New trade, the composer (a chunk of its own, with the
// contract's schemas). `/trade?entry=<id>` (the inventory's Trade) opens New trade with that entry
// picked. A trade notice that reaches the page (an offer, an answer, an expiry) reloads the lists.
import { ApiError } from '@starport/api-client/client';
import type { NotificationKind, TradeLine, TradeOffer, TradeSide, TradesResponse } from '@starport/api-client/contract';
import { formatDate } from '@starport/ui/format';
import { useSession } from '@starport/ui/session';
import { useToast } from '@starport/ui/toast';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useApi } from '../app-providers.tsx';
import { ItemImage } from '../components/item-image.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { useNotificationEvents } from '../notifications/notifications-provider.tsx';

const TradeComposer = lazy(() => import('./trade-composer.tsx').then((module) => ({ default: module.TradeComposer })));

const tradeNotices: readonly NotificationKind[] = [
  'trade_offer_received',
  'trade_accepted',
  'trade_declined',
  'trade_expired',
  'trade_cancelled',
];

type Tab = 'incoming' | 'outgoing' | 'history';
const tabLabels: Record<Tab, string> = { incoming: 'Incoming', outgoing: 'Outgoing', history: 'History' };

const statusLabels: Record<TradeOffer['status'], string> = {
  open: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
  invalid: 'No longer valid',
};

const LINE_IMAGE_SIZES = '48px';

function SideList({ title, side }: { title: string; side: TradeSide }) {
  const empty = side.items.length === 0 && side.credits === 0;
  return (
    <div className="trade-side">
      <h3 className="trade-side-title">{title}</h3>
      {empty ? (
        <p className="text-muted trade-nothing">Nothing</p>
      ) : (
        <ul className="trade-lines">
          {side.items.map((line: TradeLine) => (
            <li key={line.entryId} className="trade-line">
              <ItemImage
                imageUrl={line.imageUrl}
                name={line.name}
                className="trade-line-image"
                sizes={LINE_IMAGE_SIZES}
              />
              <span className="trade-line-name">{line.name}</span>
              <span className="trade-line-quantity">×{line.quantity}</span>
            </li>
          ))}
          {side.credits > 0 ? (
            <li className="trade-line trade-line-credits">
              <span className="trade-credits-mark" aria-hidden="true">
                ¢
              </span>
              <span className="trade-line-name">{side.credits.toLocaleString('en-US')} credits</span>
            </li>
          ) : null}
        </ul>
      )}
    </div>
  );
}

interface OfferCardProps {
  offer: TradeOffer;
  me: string;
  onChanged: () => void;
}

function OfferCard({ offer, me, onChanged }: OfferCardProps) {
  const api = useApi();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const incoming = offer.to === me;
  const other = incoming ? offer.from : offer.to;
  const youGive = incoming ? offer.get : offer.give;
  const youGet = incoming ? offer.give : offer.get;
  const headingId = `trade-${offer._id}`;

  async function run(verb: 'accept' | 'decline' | 'cancel', done: string) {
    setBusy(true);
    setFailure(null);
    try {
      await api.trades[verb](offer._id);
      toast.success(done);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Something went wrong; try again');
    }
    setBusy(false);
    onChanged();
  }

  return (
    <article className={`card trade-card trade-${offer.status}`} aria-labelledby={headingId}>
      <header className="trade-card-header">
        <h2 id={headingId} className="trade-card-title">
          {incoming ? `From ${offer.from}` : `To ${offer.to}`}
        </h2>
        <span className={`trade-status trade-status-${offer.status}`}>{statusLabels[offer.status]}</span>
      </header>
      {offer.message ? <p className="trade-message">“{offer.message}”</p> : null}
      <div className="trade-sides">
        <SideList title="You give" side={youGive} />
        <SideList title="You get" side={youGet} />
      </div>
      {offer.invalidReason ? <p className="trade-reason">{offer.invalidReason}</p> : null}
      <p className="text-muted trade-dates">
        {offer.status === 'open' ? (
          <>
            Sent {formatDate(offer.createdAt)} · expires {formatDate(offer.expiresAt)}
          </>
        ) : (
          <>
            With {other} · {formatDate(offer.decidedAt ?? offer.createdAt)}
          </>
        )}
      </p>
      {/* Only while the offer is open: once it is decided or no longer valid, its status and reason say
          why, and the card (kept by React across the tabs) must not show that reason twice. */}
      {failure && offer.status === 'open' ? (
        <div className="banner banner-error" role="alert">
          {failure}
        </div>
      ) : null}
      {offer.status === 'open' ? (
        <div className="trade-actions">
          {incoming ? (
            <>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={busy}
                onClick={() => run('accept', `Trade with ${other} done`)}
              >
                Accept
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={busy}
                onClick={() => run('decline', 'Offer declined')}
              >
                Decline
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={busy}
              onClick={() => run('cancel', 'Offer cancelled')}
            >
              Cancel offer
            </button>
          )}
        </div>
      ) : null}
    </article>
  );
}

const emptyTexts: Record<Tab, string> = {
  incoming: 'No offers waiting for your answer.',
  outgoing: 'You have no open offers.',
  history: 'No finished trades yet.',
};

export function TradePage() {
  usePageTitle('Trade');
  const api = useApi();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const preselected = params.get('entry');
  const [composing, setComposing] = useState(Boolean(preselected));
  const [tab, setTab] = useState<Tab>('incoming');
  const [data, setData] = useState<TradesResponse | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  // History pages after the first (Load more), and the cursor of the next.
  const [olderHistory, setOlderHistory] = useState<TradeOffer[]>([]);
  const [historyCursor, setHistoryCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  const reload = useCallback(() => {
    api.trades
      .list()
      .then((answer) => {
        setData(answer);
        setOlderHistory([]);
        setHistoryCursor(answer.historyNextCursor ?? null);
        setLoadFailed(false);
      })
      .catch((error: unknown) => {
        console.error('Failed to load trades', error);
        setLoadFailed(true);
      });
  }, [api]);

  useEffect(reload, [reload]);
  useNotificationEvents(tradeNotices, reload);

  function closeComposer() {
    setComposing(false);
    if (preselected) setParams({}, { replace: true });
  }

  function loadMoreHistory() {
    if (!historyCursor) return;
    setLoadingMore(true);
    api.trades
      .history(historyCursor)
      .then((page) => {
        setOlderHistory((current) => [...current, ...page.trades]);
        setHistoryCursor(page.nextCursor);
      })
      .catch((error: unknown) => console.error('Failed to load older trades', error))
      .finally(() => setLoadingMore(false));
  }

  const offers = data ? (tab === 'history' ? [...data.history, ...olderHistory] : data[tab]) : [];
  return (
    <div className="page container trade-page">
      <header className="page-header trade-page-header">
        <div>
          <h1>Trade</h1>
          <p>Swap items and credits with other players. Both sides move at once, or nothing does.</p>
        </div>
        {composing ? null : (
          <button type="button" className="btn btn-primary" onClick={() => setComposing(true)}>
            New trade
          </button>
        )}
      </header>

      {composing && user ? (
        <Suspense fallback={<p className="text-muted">Loading…</p>}>
          <TradeComposer
            me={user.username}
            creditsInTrades={data?.creditsInTrades ?? true}
            preselectedEntry={preselected}
            onClose={closeComposer}
            onSent={() => {
              closeComposer();
              setTab('outgoing');
              reload();
            }}
          />
        </Suspense>
      ) : null}

      <div className="trade-tabs" role="tablist" aria-label="Trade offers">
        {(Object.keys(tabLabels) as Tab[]).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`trade-tab-${key}`}
            aria-selected={tab === key}
            aria-controls="trade-panel"
            className={`trade-tab${tab === key ? ' is-active' : ''}`}
            onClick={() => setTab(key)}
          >
            {tabLabels[key]}
            {data && key !== 'history' && data[key].length > 0 ? (
              <span className="trade-tab-count">{data[key].length}</span>
            ) : null}
          </button>
        ))}
      </div>
      <section id="trade-panel" role="tabpanel" aria-labelledby={`trade-tab-${tab}`} className="trade-panel">
        {!data ? (
          <p className="text-muted">{loadFailed ? 'Could not load your trades.' : 'Loading…'}</p>
        ) : offers.length === 0 ? (
          <div className="empty-state">
            <p>{emptyTexts[tab]}</p>
          </div>
        ) : (
          <ul className="trade-list">
            {offers.map((offer) => (
              <li key={offer._id}>
                <OfferCard offer={offer} me={user?.username ?? ''} onChanged={reload} />
              </li>
            ))}
          </ul>
        )}
        {tab === 'history' && historyCursor ? (
          <button
            type="button"
            className="btn btn-secondary trade-more"
            disabled={loadingMore}
            onClick={loadMoreHistory}
          >
            {loadingMore ? 'Loading…' : 'Load more'}
          </button>
        ) : null}
      </section>
    </div>
  );
}
