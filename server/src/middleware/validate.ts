// Reads a JSON body and validates it with a contract schema: 400 with the first problem's message.
// Any zod 4 schema: most of the contract is full zod, the requests the site's first page checks are
// zod/mini (packages/api-client/src/contract/auth.ts).
import type { Context } from 'hono';
import { z } from 'zod';
import { invalid } from '../errors.ts';

export const bodyMessages = {
  malformed: 'Request body must be valid JSON',
  notObject: 'Request body must be a JSON object',
} as const;

export async function readBody<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let data: unknown;
  try {
    data = JSON.parse(await c.req.text());
  } catch {
    throw invalid(bodyMessages.malformed);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw invalid(bodyMessages.notObject);
  const result = z.safeParse(schema, data);
  if (!result.success) throw invalid(result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}
