// The admin dashboard's revenue chart (issue 22): revenue (USD, refunds subtracted on their day) and
// paid orders per day for the last 30 or 90 days, from GET /api/admin/stats/revenue, drawn with
// uPlot (small, canvas, maintained) inside the lazy admin chunk only. The same figures are listed in
// a table under "Show the figures", for screen readers and for copying.
import type { RevenueResponse } from '@starport/api-client/contract';
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { formatCredits, formatUsd } from '../format/format.ts';
import { useAdminApi } from './shared/admin-context.tsx';
import { adminQueries } from './shared/admin-queries.ts';
import { DataTable } from './shared/data-table.tsx';
import { describeError } from './shared/errors.ts';
import { logFailure, useAdminQuery } from './shared/use-admin-query.ts';

export const revenueMessages = {
  title: 'Revenue',
  summary: (revenue: string, orders: string, days: number) =>
    `${revenue} from ${orders} paid order${orders === '1' ? '' : 's'} in the last ${days} days`,
  loadFailed: (message: string) => `Failed to load the revenue: ${message}`,
  figures: 'Show the figures',
} as const;

const RANGES = [30, 90] as const;
const DAY_SECONDS = 24 * 60 * 60;

/** Draws the series with uPlot, sized to its box and redrawn as it resizes. */
function RevenuePlot({ data }: { data: RevenueResponse }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    // uPlot reads the screen's pixel ratio as it loads: it is loaded only where there is a screen.
    if (!element || typeof window.matchMedia !== 'function') return;
    let plot: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    let cancelled = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      plot = draw(UPlot, element, data);
      const drawn = plot;
      resize = new ResizeObserver(() => drawn.setSize({ width: element.clientWidth, height: 260 }));
      resize.observe(element);
    });
    return () => {
      cancelled = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [data]);
  return <div ref={box} className="revenue-chart-plot" role="img" aria-label="Revenue and orders per day" />;
}

function draw(UPlot: typeof uPlot, element: HTMLElement, data: RevenueResponse): uPlot {
  const times = data.days.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000);
  const style = getComputedStyle(element);
  const accent = style.getPropertyValue('--color-accent').trim() || '#7c8cff';
  const muted = style.getPropertyValue('--color-text-muted').trim() || '#9aa3b2';
  const grid = style.getPropertyValue('--color-border').trim() || 'rgba(255,255,255,0.1)';
  // Revenue on the left with the grid, orders on the right.
  const axis = (scale: string, side: uPlot.Axis.Side, values: (value: number) => string): uPlot.Axis => ({
    scale,
    side,
    stroke: muted,
    grid: { stroke: grid, show: scale === 'usd' },
    ticks: { stroke: grid },
    values: (_plot, ticks) => ticks.map(values),
    size: 64,
  });
  return new UPlot(
    {
      width: element.clientWidth,
      height: 260,
      tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      cursor: { drag: { x: false, y: false } },
      legend: { show: true },
      // Half a day either side, so the first and last days' bars are whole.
      scales: { x: { time: true, range: [(times[0] ?? 0) - DAY_SECONDS / 2, (times.at(-1) ?? 0) + DAY_SECONDS / 2] } },
      axes: [
        { stroke: muted, grid: { show: false }, ticks: { stroke: grid } },
        axis('usd', 3, (value) => formatUsd(value)),
        axis('orders', 1, (value) => (Number.isInteger(value) ? formatCredits(value) : '')),
      ],
      series: [
        { label: 'Day', value: (_plot, ts) => (ts === null ? '—' : new Date(ts * 1000).toISOString().slice(0, 10)) },
        {
          label: 'Revenue',
          scale: 'usd',
          stroke: accent,
          fill: `${accent}33`,
          width: 2,
          paths: UPlot.paths.bars?.({ size: [0.7, 24] }),
          value: (_plot, value) => (value === null ? '—' : formatUsd(value)),
        },
        {
          label: 'Orders',
          scale: 'orders',
          stroke: '#fcd34d',
          width: 2,
          points: { show: false },
          value: (_plot, value) => (value === null ? '—' : formatCredits(value)),
        },
      ],
    },
    [times, data.days.map((day) => day.revenue), data.days.map((day) => day.orders)],
    element,
  );
}

export function RevenueChart() {
  const api = useAdminApi();
  const [days, setDays] = useState<30 | 90>(30);
  const query = useAdminQuery(adminQueries(api).revenue(days), logFailure('Failed to load the revenue'));
  const data = query.data;
  return (
    <section className="card revenue-chart" aria-labelledby="revenue-chart-title">
      <div className="revenue-chart-header">
        <div>
          <h3 id="revenue-chart-title">{revenueMessages.title}</h3>
          {data ? (
            <p className="text-muted">
              {revenueMessages.summary(formatUsd(data.totalRevenue), formatCredits(data.totalOrders), days)}
            </p>
          ) : null}
        </div>
        <fieldset className="revenue-range" aria-label="Days shown">
          {RANGES.map((range) => (
            <button
              key={range}
              type="button"
              className={`btn btn-sm ${range === days ? 'btn-primary' : 'btn-secondary'}`}
              aria-pressed={range === days}
              onClick={() => setDays(range)}
            >
              {range} days
            </button>
          ))}
        </fieldset>
      </div>
      {query.isError ? (
        <p role="alert">{revenueMessages.loadFailed(describeError(query.error))}</p>
      ) : data ? (
        <>
          <RevenuePlot data={data} />
          <details className="revenue-figures">
            <summary>{revenueMessages.figures}</summary>
            <DataTable
              label="Revenue per day"
              columns={[
                { header: 'Day', rowHeader: true, cell: (day) => day.date },
                { header: 'Revenue', className: 'cell-number', cell: (day) => formatUsd(day.revenue) },
                { header: 'Orders', className: 'cell-number', cell: (day) => formatCredits(day.orders) },
              ]}
              rows={data.days}
              rowKey={(day) => day.date}
            />
          </details>
        </>
      ) : (
        <div className="revenue-chart-plot" aria-busy="true" />
      )}
    </section>
  );
}
