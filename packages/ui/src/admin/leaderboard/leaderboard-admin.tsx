// Leaderboard (issue 21): the metrics the game servers may send (key, label, higher or lower is
// better, format, shown or not, order), a new season (the standings so far stay under their
// season, the new one starts from zero), and players hidden from every board (cheaters). Audited.
import {
  type AdminMetric,
  type HiddenPlayer,
  type MetricFormat,
  type MetricInput,
  type MetricOrder,
  metricInputSchema,
} from '@starport/api-client/contract';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../dialog/dialog.tsx';
import { formatDate } from '../../format/format.ts';
import { Loading } from '../../loading/loading.tsx';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { DataTable } from '../shared/data-table.tsx';
import { messageOr } from '../shared/errors.ts';
import { CheckboxField, SelectField, TextField } from '../shared/fields.tsx';
import { ScreenHeader } from '../shared/screen-header.tsx';
import { useAdminMutation, useAdminQuery } from '../shared/use-admin-query.ts';
import { useAdminTitle } from '../shared/use-admin-title.ts';

export const leaderboardAdminMessages = {
  created: 'Metric created',
  updated: 'Metric updated',
  deleted: 'Metric deleted',
  seasonStarted: (n: number) => `Season ${n} started`,
  hidden: (name: string) => `${name} is hidden from the leaderboards`,
  shown: (name: string) => `${name} is shown on the leaderboards again`,
  fetchFailed: 'Failed to fetch the leaderboard metrics',
  failed: 'The change was not saved',
  noMetrics: 'No metrics yet: define one for the game servers to send.',
  noHidden: 'No player is hidden.',
  deleteConfirm: (label: string) =>
    `Delete the metric ${label}? Its values in every season are deleted with it, and the game servers’ stats for it are refused.`,
  seasonLead:
    'A new season keeps the current standings under the season that ends, and every board starts again from zero.',
  seasonConfirm:
    'Start a new season? The current standings are kept under the season that ends now, and every board starts from zero.',
} as const;

const orderLabels: Record<MetricOrder, string> = { desc: 'Higher is better', asc: 'Lower is better' };
const formatLabels: Record<MetricFormat, string> = {
  number: 'Number',
  duration: 'Duration (seconds)',
  distance: 'Distance (metres)',
};

const emptyMetric = {
  key: '',
  label: '',
  order: 'desc' as MetricOrder,
  format: 'number' as MetricFormat,
  visible: true,
};

export function LeaderboardAdmin() {
  const api = useAdminApi();
  const toast = useToast();
  useAdminTitle('Leaderboard');
  const queries = adminQueries(api);
  const metrics = useAdminQuery(queries.leaderboardMetrics(), (error) =>
    toast.error(messageOr(error, leaderboardAdminMessages.fetchFailed)),
  );
  const hidden = useAdminQuery(queries.hiddenPlayers(), (error) =>
    toast.error(messageOr(error, leaderboardAdminMessages.fetchFailed)),
  );
  const create = useAdminMutation('leaderboard', (input: MetricInput) => api.admin.leaderboard.createMetric(input));
  const update = useAdminMutation('leaderboard', ({ key, visible }: { key: string; visible: boolean }) =>
    api.admin.leaderboard.updateMetric(key, { visible }),
  );
  const remove = useAdminMutation('leaderboard', (key: string) => api.admin.leaderboard.removeMetric(key));
  const season = useAdminMutation('leaderboard', () => api.admin.leaderboard.startSeason());
  const hide = useAdminMutation('leaderboard', (input: { username: string; hidden: boolean; reason?: string }) =>
    api.admin.leaderboard.setHidden(input),
  );

  const [draft, setDraft] = useState(emptyMetric);
  const [draftError, setDraftError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<AdminMetric | null>(null);
  const [confirmSeason, setConfirmSeason] = useState(false);
  const [player, setPlayer] = useState({ username: '', reason: '' });

  async function handleCreate(event: FormEvent) {
    event.preventDefault();
    const parsed = metricInputSchema.safeParse(draft);
    if (!parsed.success) {
      setDraftError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await create.mutateAsync(draft);
      toast.success(leaderboardAdminMessages.created);
      setDraft(emptyMetric);
    } catch (error) {
      toast.error(messageOr(error, leaderboardAdminMessages.failed));
    }
  }

  async function run(work: () => Promise<unknown>, success: string) {
    try {
      await work();
      toast.success(success);
      return true;
    } catch (error) {
      toast.error(messageOr(error, leaderboardAdminMessages.failed));
      return false;
    }
  }

  async function handleHide(event: FormEvent) {
    event.preventDefault();
    const username = player.username.trim();
    if (!username) return;
    const done = await run(
      () => hide.mutateAsync({ username, hidden: true, reason: player.reason.trim() }),
      leaderboardAdminMessages.hidden(username),
    );
    if (done) setPlayer({ username: '', reason: '' });
  }

  const list = metrics.data ?? [];
  const hiddenList: HiddenPlayer[] = hidden.data ?? [];
  return (
    <>
      <ScreenHeader title="Leaderboard">
        The metrics the game servers send with their key (POST /api/game/stats), seasons, and players hidden from the
        boards.
      </ScreenHeader>

      <h3 className="admin-subheading">Metrics</h3>
      <form className="admin-inline-form leaderboard-metric-form" onSubmit={handleCreate} noValidate>
        <TextField
          label="Key"
          name="metricKey"
          value={draft.key}
          onValueChange={(key) => {
            setDraft({ ...draft, key });
            setDraftError(undefined);
          }}
          error={draftError}
          placeholder="kills"
          autoComplete="off"
        />
        <TextField
          label="Label"
          name="metricLabel"
          value={draft.label}
          onValueChange={(label) => {
            setDraft({ ...draft, label });
            setDraftError(undefined);
          }}
          placeholder="Kills"
          autoComplete="off"
        />
        <SelectField
          label="Order"
          name="metricOrder"
          value={draft.order}
          onValueChange={(order) => setDraft({ ...draft, order: order as MetricOrder })}
        >
          {Object.entries(orderLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Format"
          name="metricFormat"
          value={draft.format}
          onValueChange={(format) => setDraft({ ...draft, format: format as MetricFormat })}
        >
          {Object.entries(formatLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <CheckboxField
          label="Visible"
          checked={draft.visible}
          onCheckedChange={(visible) => setDraft({ ...draft, visible })}
        />
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          + Add Metric
        </button>
      </form>

      {metrics.isPending ? (
        <Loading />
      ) : list.length === 0 ? (
        <div className="empty-state">
          <p>{leaderboardAdminMessages.noMetrics}</p>
        </div>
      ) : (
        <DataTable
          label="Metrics"
          columns={[
            { header: 'Label', rowHeader: true, cell: (metric) => metric.label },
            { header: 'Key', cell: (metric) => <code>{metric.key}</code> },
            { header: 'Order', className: 'cell-nowrap', cell: (metric) => orderLabels[metric.order] },
            { header: 'Format', className: 'cell-nowrap', cell: (metric) => formatLabels[metric.format] },
            {
              header: 'Visible',
              cell: (metric) => (
                <input
                  type="checkbox"
                  className="checkbox"
                  id={`metric-visible-${metric.key}`}
                  name={`visible-${metric.key}`}
                  aria-label={`Show ${metric.label} on the site`}
                  checked={metric.visible}
                  disabled={update.isPending}
                  onChange={(event) =>
                    run(
                      () => update.mutateAsync({ key: metric.key, visible: event.target.checked }),
                      leaderboardAdminMessages.updated,
                    )
                  }
                />
              ),
            },
          ]}
          rows={list}
          rowKey={(metric) => metric.key}
          rowName={(metric) => metric.label}
          actions={(metric) => [
            {
              label: 'Delete',
              name: `Delete the metric ${metric.label}`,
              tone: 'danger',
              onSelect: () => setDeleting(metric),
            },
          ]}
        />
      )}

      <h3 className="admin-subheading">Season</h3>
      <p className="text-muted">{leaderboardAdminMessages.seasonLead}</p>
      <button type="button" className="btn btn-secondary" onClick={() => setConfirmSeason(true)}>
        Start New Season
      </button>

      <h3 className="admin-subheading">Hidden players</h3>
      <form className="admin-inline-form" onSubmit={handleHide} noValidate>
        <TextField
          label="Username"
          name="hideUsername"
          value={player.username}
          onValueChange={(username) => setPlayer({ ...player, username })}
          autoComplete="off"
        />
        <TextField
          label="Reason"
          name="hideReason"
          value={player.reason}
          onValueChange={(reason) => setPlayer({ ...player, reason })}
          placeholder="Cheating"
          autoComplete="off"
          maxLength={200}
        />
        <button type="submit" className="btn btn-danger" disabled={hide.isPending || !player.username.trim()}>
          Hide Player
        </button>
      </form>
      {hidden.isPending ? (
        <Loading />
      ) : hiddenList.length === 0 ? (
        <div className="empty-state">
          <p>{leaderboardAdminMessages.noHidden}</p>
        </div>
      ) : (
        <DataTable
          label="Hidden players"
          columns={[
            { header: 'Player', rowHeader: true, cell: (row) => row.username },
            { header: 'Reason', cell: (row) => row.reason || '—' },
            { header: 'Hidden', className: 'cell-nowrap', cell: (row) => formatDate(row.hiddenAt) },
          ]}
          rows={hiddenList}
          rowKey={(row) => row.userId}
          rowName={(row) => row.username}
          actions={(row) => [
            {
              label: 'Unhide',
              name: `Show ${row.username} again`,
              onSelect: () =>
                void run(
                  () => hide.mutateAsync({ username: row.username, hidden: false }),
                  leaderboardAdminMessages.shown(row.username),
                ),
            },
          ]}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete metric"
        message={<p>{deleting ? leaderboardAdminMessages.deleteConfirm(deleting.label) : ''}</p>}
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          if (await run(() => remove.mutateAsync(deleting.key), leaderboardAdminMessages.deleted)) setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={confirmSeason}
        title="Start a new season"
        message={<p>{leaderboardAdminMessages.seasonConfirm}</p>}
        confirmLabel="Start New Season"
        busy={season.isPending}
        onConfirm={async () => {
          try {
            const answer = await season.mutateAsync(undefined);
            toast.success(leaderboardAdminMessages.seasonStarted(answer.season.number));
            setConfirmSeason(false);
          } catch (error) {
            toast.error(messageOr(error, leaderboardAdminMessages.failed));
          }
        }}
        onCancel={() => setConfirmSeason(false)}
      />
    </>
  );
}
