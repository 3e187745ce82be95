// GET /api/health: whether the process and its database answer.
import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  time: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
