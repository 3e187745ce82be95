// Background jobs as administrators see them: the dead letters (a job that used its last attempt,
// or one parked until an admin fixes what stops it), and the retry that sends one back to wait.
import { z } from 'zod';

export const jobStatuses = ['pending', 'running', 'done', 'failed', 'blocked'] as const;

/** Which jobs `GET /api/admin/jobs` lists: `dead` (failed or blocked, not since done by a later run). */
export const jobListStates = ['dead'] as const;

/** The most a list answers with. */
export const MAX_LISTED_JOBS = 100;

export const jobMessages = {
  badState: `state must be one of: ${jobListStates.join(', ')}`,
  notFound: 'Job not found',
  notDead: 'Only a dead job can be retried',
} as const;

export const adminJobsQuerySchema = z.object({
  state: z.enum(jobListStates, { error: jobMessages.badState }),
});
export type AdminJobsQuery = z.infer<typeof adminJobsQuerySchema>;

export const adminJobSchema = z.object({
  _id: z.string(),
  /** What the job does, e.g. `discord.sync_roles`. */
  kind: z.string(),
  /** What it is about (a player's id for a role sync): one waiting job per kind and key. */
  key: z.string(),
  status: z.enum(jobStatuses),
  attempts: z.number().int(),
  /** Why its last attempt did not succeed. */
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

/** The latest first, at most `MAX_LISTED_JOBS`. */
export const adminJobsResponseSchema = z.object({ jobs: z.array(adminJobSchema) });
export type AdminJobsResponse = z.infer<typeof adminJobsResponseSchema>;
export const adminJobResponseSchema = z.object({ job: adminJobSchema });
export type AdminJobResponse = z.infer<typeof adminJobResponseSchema>;
