// /api/health/live: the process answers. /api/health/ready (and its alias /api/health): it can serve,
// meaning its database answers in time, its schema is current, its background work runs, and it is
// not shutting down. A load balancer sends work only to a ready instance.
import { z } from 'zod';
import { errorEnvelopeSchema } from './errors.ts';

export const healthLiveResponseSchema = z.object({
  status: z.literal('ok'),
  time: z.string(),
});
export type HealthLiveResponse = z.infer<typeof healthLiveResponseSchema>;

export const readinessChecksSchema = z.object({
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['current', 'behind', 'unknown']),
  background: z.enum(['running', 'stopped', 'not started']),
  shuttingDown: z.boolean(),
});
export type ReadinessChecks = z.infer<typeof readinessChecksSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  time: z.string(),
  checks: readinessChecksSchema,
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** 503 from /api/health/ready: the error envelope, with the checks that say why. */
export const healthNotReadyResponseSchema = errorEnvelopeSchema.extend({ checks: readinessChecksSchema });
export type HealthNotReadyResponse = z.infer<typeof healthNotReadyResponseSchema>;

/** Why an instance is not ready, in the error envelope's message. */
export const healthMessages = {
  notReady: (reasons: string[]) => `Not ready: ${reasons.join('; ')}`,
  databaseUnreachable: (ms: number) => `the database did not answer within ${ms} ms`,
  migrationsBehind: 'the database schema is not current',
  backgroundStopped: 'background work has stopped',
  shuttingDown: 'the server is shutting down',
} as const;
