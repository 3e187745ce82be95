// The background jobs that gave up (GET /api/admin/jobs?state=dead), shown on the dashboard only
// when there are any: what each was doing, why it stopped, and a Retry that sends it back to wait.

import type { AdminJob } from '@starport/api-client/contract';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { messageOr } from '../shared/errors.ts';
import { logFailure, useAdminMutation, useAdminQuery } from '../shared/use-admin-query.ts';

export const deadJobMessages = {
  title: 'Background jobs need your attention',
  failed: (attempts: number) => `gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}`,
  blocked: 'waiting for an admin',
  noReason: 'no reason recorded',
  retried: 'The job will run again shortly',
  retryFailed: 'Failed to retry the job',
} as const;

/** What a kind does, in words; an unknown kind shows its name. */
const kindLabels: Record<string, string> = {
  'discord.sync_roles': 'Discord role sync',
  'news.announce': 'Discord news announcement',
};
const labelOf = (job: AdminJob) => kindLabels[job.kind] ?? job.kind;

export function DeadJobs() {
  const api = useAdminApi();
  const toast = useToast();
  // Loaded quietly, like the Discord role problems: the dashboard's figures come first.
  const dead = useAdminQuery(adminQueries(api).deadJobs(), logFailure('Failed to load the dead jobs'));
  const retry = useAdminMutation('jobRetried', (id: string) => api.admin.jobs.retry(id));
  const retrying = retry.isPending ? retry.variables : null;

  async function handleRetry(job: AdminJob) {
    try {
      await retry.mutateAsync(job._id);
      toast.success(deadJobMessages.retried);
    } catch (error) {
      toast.error(messageOr(error, deadJobMessages.retryFailed));
    }
  }

  if (!dead.data || dead.data.length === 0) return null;
  return (
    <div className="banner banner-warning admin-problems" role="status">
      <strong>{deadJobMessages.title}</strong>
      <ul>
        {dead.data.map((job) => (
          <li key={job._id}>
            {labelOf(job)} · {job.key}: {job.error ?? deadJobMessages.noReason} (
            {job.status === 'blocked' ? deadJobMessages.blocked : deadJobMessages.failed(job.attempts)}){' '}
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              aria-label={`Retry the ${labelOf(job)} of ${job.key}`}
              disabled={retrying === job._id}
              onClick={() => void handleRetry(job)}
            >
              Retry
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
