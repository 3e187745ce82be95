// The dead background jobs on the Dashboard: listed with what they did and why they stopped, retried
// by the admin (the list loaded again), the server's refusal shown, nothing shown when none died.
import type { AdminJob } from '@starport/api-client/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderAdmin } from '../test/render-admin.tsx';

const deadJob = (overrides: Partial<AdminJob> = {}): AdminJob => ({
  _id: 'job-1',
  kind: 'discord.sync_roles',
  key: 'user-orion',
  status: 'failed',
  attempts: 10,
  error: 'Discord answered 500',
  createdAt: '2026-11-22T12:00:00.000Z',
  updatedAt: '2026-11-22T13:00:00.000Z',
  ...overrides,
});

describe('dead jobs on the dashboard', () => {
  it('lists the jobs that gave up and retries one, which leaves the list', async () => {
    let jobs = [deadJob(), deadJob({ _id: 'job-2', kind: 'shop.sale', key: 'sale-9', status: 'blocked', error: null })];
    const { count } = renderAdmin('/admin', {
      api: {
        'GET /api/admin/jobs?state=dead': () => json(200, { jobs }),
        'POST /api/admin/jobs/job-1/retry': () => {
          const [first] = jobs;
          jobs = jobs.slice(1);
          return json(200, { job: { ...first, status: 'pending', attempts: 0, error: null } });
        },
      },
    });

    expect(await screen.findByText('Background jobs need your attention')).toBeTruthy();
    expect(
      screen.getByText('Discord role sync · user-orion: Discord answered 500 (gave up after 10 attempts)', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(
      screen.getByText('shop.sale · sale-9: no reason recorded (waiting for an admin)', { exact: false }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry the Discord role sync of user-orion' }));
    expect(await screen.findByText('The job will run again shortly')).toBeTruthy();
    expect(count('POST /api/admin/jobs/job-1/retry')).toBe(1);
    await waitFor(() => expect(screen.queryByText(/user-orion/)).toBeNull());
    expect(screen.getByText(/sale-9/)).toBeTruthy();
  });

  it("shows the server's refusal of a retry", async () => {
    renderAdmin('/admin', {
      api: {
        'GET /api/admin/jobs?state=dead': () => json(200, { jobs: [deadJob()] }),
        'POST /api/admin/jobs/job-1/retry': () =>
          json(409, { error: { message: 'Only a dead job can be retried', code: 'conflict' } }),
      },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Retry the Discord role sync of user-orion' }));
    expect(await screen.findByText('Only a dead job can be retried')).toBeTruthy();
  });

  it('shows nothing when no job has died', async () => {
    const { count } = renderAdmin('/admin');

    expect(await screen.findByText('$0.00')).toBeTruthy();
    await waitFor(() => expect(count('GET /api/admin/jobs?state=dead')).toBe(1));
    expect(screen.queryByText('Background jobs need your attention')).toBeNull();
  });
});
